// /userCenter/warningManage/warningNumber (spec 02 §2 "Alert contacts", issue #9): who receives
// the usage alerts. A contact's phone is verified by an SMS code (image captcha first, 60 s
// between codes) before it receives anything.
import type { Metadata } from 'next';
import { AlertContacts } from './_components/AlertContacts';

export const metadata: Metadata = { title: '预警联系人' };

export default function WarningNumberPage() {
  return <AlertContacts />;
}
