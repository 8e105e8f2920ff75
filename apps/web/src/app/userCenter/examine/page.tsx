// /userCenter/examine (spec 02 §2 and §7, menu code 13; issue #23): 司法可视化 — the five judicial
// interfaces the account may ask (bought ones usable, the rest with a link to buy), the form of
// the chosen one, and the result opened as a readable case file.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { JudicialQuery } from './_components/JudicialQuery';

export const metadata: Metadata = { title: '司法可视化' };

export default function ExaminePage() {
  return (
    <Suspense fallback={null}>
      <JudicialQuery />
    </Suspense>
  );
}
