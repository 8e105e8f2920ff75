// /userCenter/paymentManage/myRenew (spec 02 §2 "Automatic renewal"): every purchased interface
// with its renewal package, state and last failure; turn renewal on, change the package, or off.
import type { Metadata } from 'next';
import { RenewList } from './_components/RenewList';

export const metadata: Metadata = { title: '自动续费' };

export default function MyRenewPage() {
  return <RenewList />;
}
