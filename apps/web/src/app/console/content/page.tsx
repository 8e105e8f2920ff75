// /console/content: the content editors (news, cases, policy readings, knowledge base, home
// banners), one tab each (?tab=<kind>); editors and admins only.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ContentConsole } from './_components/ContentConsole';

export const metadata: Metadata = { title: '内容管理' };

export default function ContentPage() {
  return (
    <Suspense fallback={null}>
      <ContentConsole />
    </Suspense>
  );
}
