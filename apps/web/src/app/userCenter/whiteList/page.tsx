// /userCenter/whiteList (spec 02 §2, §7): the addresses the open data API accepts calls from.
import type { Metadata } from 'next';
import { WhiteList } from './_components/WhiteList';

export const metadata: Metadata = { title: 'IP白名单' };

export default function WhiteListPage() {
  return <WhiteList />;
}
