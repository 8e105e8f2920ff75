// /userCenter/dataManage/myCollect (spec 02 §2): the interfaces the account collected.
import type { Metadata } from 'next';
import { MyCollect } from './_components/MyCollect';

export const metadata: Metadata = { title: '我的收藏' };

export default function MyCollectPage() {
  return <MyCollect />;
}
