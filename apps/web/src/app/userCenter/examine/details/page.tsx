// /userCenter/examine/details?id= (menu code 13; issue #23): one judicial query as a readable case
// file — summary and chart, the records with parties, court, cause and amounts, a timeline.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CaseFileView } from '../_components/CaseFileView';

export const metadata: Metadata = { title: '司法查询详情' };

export default function ExamineDetailsPage() {
  return (
    <Suspense fallback={null}>
      <CaseFileView />
    </Suspense>
  );
}
