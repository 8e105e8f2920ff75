// /userCenter/examine/json?id= (menu code 13; issue #23): one judicial query's answer as the
// interface returned it, for a developer.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RawAnswer } from '../_components/RawAnswer';

export const metadata: Metadata = { title: '司法查询原始数据' };

export default function ExamineJsonPage() {
  return (
    <Suspense fallback={null}>
      <RawAnswer />
    </Suspense>
  );
}
