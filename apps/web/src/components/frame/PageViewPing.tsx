'use client';
// First-party page views (Decision 5): one ping per page a visitor opens, path only.
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { request } from '../../lib/api/client';

export function PageViewPing() {
  const pathname = usePathname();
  useEffect(() => {
    // A lost ping is not worth a toast: counts are statistics, not records.
    request('api/pv', { data: { path: pathname }, silent: true }).catch(() => {});
  }, [pathname]);
  return null;
}
