'use client';
// First-party page views (Decision 5): one ping per page a visitor opens, path only.
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { PAGE_VIEW_ROUTE, type PageViewInputWire } from '@apimarket/contracts';
import { request } from '@/lib/api/client';

export function PageViewPing() {
  const pathname = usePathname();
  useEffect(() => {
    // A lost ping is not worth a toast: counts are statistics, not records. By the call's wire
    // part, not leadsApi.pageView itself: every public page sends this on load, and the
    // declaration would bring zod into the first load of all of them (Decision 158).
    const ping: PageViewInputWire = { path: pathname };
    request(PAGE_VIEW_ROUTE, { ...ping }, { silent: true }).catch(() => {});
  }, [pathname]);
  return null;
}
