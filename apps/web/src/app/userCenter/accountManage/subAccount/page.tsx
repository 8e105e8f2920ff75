// /userCenter/accountManage/subAccount (spec 02 §2, issue #20): a main account's sub-accounts —
// create them with a password shown once or an SMS invitation, edit, enable and disable them,
// reset their password, set how their calls are paid for, and go on to assign products.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SubAccounts } from './_components/SubAccounts';

export const metadata: Metadata = { title: '子账号管理' };

export default function SubAccountPage() {
  // The filters and the list's page are read from the address.
  return (
    <Suspense fallback={null}>
      <SubAccounts />
    </Suspense>
  );
}
