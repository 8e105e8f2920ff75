// /console/accounts: 账户资金 (finance and admin) — each company's balance, its ledger as the
// member reads it, and adjustments with a reason (Decision 169).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Accounts } from './_components/Accounts';

export const metadata: Metadata = { title: '账户资金' };

export default function AccountsPage() {
  return (
    <Suspense fallback={null}>
      <Accounts />
    </Suspense>
  );
}
