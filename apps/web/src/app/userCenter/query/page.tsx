// /userCenter/query (spec 02 §2, menu code 1; issue #21): 在线查询 — a person checked against one
// or several of the account's interfaces from a form, the answer in the verification wording, a
// receipt to file, and the history of what the account checked.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { OnlineQuery } from './_components/OnlineQuery';

export const metadata: Metadata = { title: '在线查询' };

export default function QueryPage() {
  // The history's filters and page are read from the address.
  return (
    <Suspense fallback={null}>
      <OnlineQuery />
    </Suspense>
  );
}
