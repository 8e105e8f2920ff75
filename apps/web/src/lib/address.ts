'use client';
// A screen whose filters or open item live in the address (so a view can be shared and survives a
// reload): the current parameters, and a way to change some of them in place — '' or undefined
// removes one — without a new history entry or a jump to the top.
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';

export function useAddressParams() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const show = useCallback(
    (next: Record<string, string | number | null | undefined>) => {
      const q = new URLSearchParams(params.toString());
      for (const [k, v] of Object.entries(next)) {
        if (v === undefined || v === null || v === '') q.delete(k);
        else q.set(k, String(v));
      }
      const search = q.toString();
      router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false });
    },
    [params, router, pathname],
  );
  return { params, show };
}
