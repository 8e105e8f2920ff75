// /console/members: member accounts (admin) — search, the account's facts and switches, and the
// accounts unseen for six months (?tab=dormant) to be marked for closure (Decision 9).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Members } from './_components/Members';

export const metadata: Metadata = { title: '会员管理' };

export default function MembersPage() {
  return (
    <Suspense fallback={null}>
      <Members />
    </Suspense>
  );
}
