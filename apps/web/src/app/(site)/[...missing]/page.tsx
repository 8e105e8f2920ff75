// Any public path no page answers: the 404 (spec 01 §2.3) inside the site's header and footer,
// the same page a detail with an unknown id shows. Without this, an unmatched path got the
// root not-found alone, a second look for the same error. Static routes and rewrites
// (/ApiSearch) are matched before a catch-all; the user center has its own.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

export const metadata: Metadata = { title: '页面不存在', robots: { index: false } };

export default function Missing(): never {
  notFound();
}
