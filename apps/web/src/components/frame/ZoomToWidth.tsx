'use client';
// Spec 01 §2.5: the face landing is drawn for a 1920 px screen and zoomed to the window width on
// desktops (phones get the responsive layout unzoomed).
import { MOBILE_BREAKPOINT_PX } from '@apimarket/contracts';
import { useEffect } from 'react';

export function ZoomToWidth({ designWidth }: { designWidth: number }) {
  useEffect(() => {
    const root = document.documentElement;
    const apply = () => {
      root.style.zoom = window.innerWidth >= MOBILE_BREAKPOINT_PX ? String(window.innerWidth / designWidth) : '';
    };
    apply();
    window.addEventListener('resize', apply);
    return () => {
      window.removeEventListener('resize', apply);
      root.style.zoom = '';
    };
  }, [designWidth]);
  return null;
}
