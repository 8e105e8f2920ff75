// /userCenter/dataManage/myAPI (spec 02 §2): the purchased interfaces, each with its key.
import type { Metadata } from 'next';
import { MyApiList } from './_components/MyApiList';

export const metadata: Metadata = { title: '我的API' };

export default function MyApiPage() {
  return <MyApiList />;
}
