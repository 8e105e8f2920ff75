// /userCenter/payTest (spec 02 §2, Decision 8): the account's paid-test applications and the form
// to apply for one.
import type { Metadata } from 'next';
import { PayTest } from './_components/PayTest';

export const metadata: Metadata = { title: '付费测试' };

export default function PayTestPage() {
  return <PayTest />;
}
