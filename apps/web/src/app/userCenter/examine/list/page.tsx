// /userCenter/examine/list (menu code 13; issue #23): the account's judicial queries, newest first,
// filtered by interface, day and subject (kept in the address).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { JudicialList } from '../_components/JudicialList';

export const metadata: Metadata = { title: '司法查询列表' };

export default function ExamineListPage() {
  return (
    <Suspense fallback={null}>
      <JudicialList />
    </Suspense>
  );
}
