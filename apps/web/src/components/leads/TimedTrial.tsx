'use client';
// The trial dialog that opens by itself (spec 01 §2.4, §9): after 180 000 ms on screens at least
// 768 px wide, at most once a day (cookie hadview, 1 day).
import { COOKIE, HADVIEW_COOKIE_MAX_AGE_S, TRIAL_DIALOG_DELAY_MS, TRIAL_DIALOG_MIN_WIDTH_PX } from '@apimarket/contracts';
import { useEffect } from 'react';
import { readCookie } from '@/lib/api/build';
import { useOpenLead } from './LeadProvider';

export function TimedTrial() {
  const openLead = useOpenLead();
  useEffect(() => {
    if (window.innerWidth < TRIAL_DIALOG_MIN_WIDTH_PX || readCookie(document.cookie, COOKIE.hadview)) return;
    const id = window.setTimeout(() => {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
      document.cookie = `${COOKIE.hadview}=1; max-age=${HADVIEW_COOKIE_MAX_AGE_S}; path=/; samesite=lax`;
      openLead({ type: 0 });
    }, TRIAL_DIALOG_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [openLead]);
  return null;
}
