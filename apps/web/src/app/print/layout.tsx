// The print page (spec 01 §2.5): the result table to print or export as PDF, or the verification
// receipt; opened in a window of its own, so no site header or footer.
import type { Metadata } from 'next';
import { AntdProvider } from '@/components/AntdProvider';

export const metadata: Metadata = { title: '核验回执', robots: { index: false, follow: false } };

export default function PrintLayout({ children }: { children: React.ReactNode }) {
  return <AntdProvider>{children}</AntdProvider>;
}
