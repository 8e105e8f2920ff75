// /userCenter/paymentManage/myOrder (spec 02 §2): orders (pay or cancel the unpaid ones),
// recharges by bank transfer with the account to transfer to, and what the balance was spent on.
import type { Metadata } from 'next';
import { Billing } from './_components/Billing';

export const metadata: Metadata = { title: '我的订单' };

export default function MyOrderPage() {
  return <Billing />;
}
