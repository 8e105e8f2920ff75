// /userCenter/messageCt (spec 02 §2): the messages center — list with an unread filter, detail,
// mark all read.
import type { Metadata } from 'next';
import { MessageCenter } from './_components/MessageCenter';

export const metadata: Metadata = { title: '消息中心' };

export default function MessageCenterPage() {
  return <MessageCenter />;
}
