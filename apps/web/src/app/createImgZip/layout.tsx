// The receipt zip page (spec 01 §2.5): opened in a window of its own from the query history or the
// batch job list, so no site header or footer; antd for its progress bar and results.
import type { Metadata } from 'next';
import { AntdProvider } from '@/components/AntdProvider';

export const metadata: Metadata = { title: '下载回执图片', robots: { index: false, follow: false } };

export default function CreateImgZipLayout({ children }: { children: React.ReactNode }) {
  return <AntdProvider>{children}</AntdProvider>;
}
