'use client';
// Spec 01 §2.5 zooms the face landing to window width ÷ 1920. Applied only on screens wider than
// `above`: below that the zoom would shrink 14 px text to 7.5–10.5 px, so laptops, tablets and
// phones get the page's own responsive layout at its real size.
import { useEffect } from 'react';

export function WideZoom({ designWidth, above }: { designWidth: number; above: number }) {
  useEffect(() => {
    const root = document.documentElement;
    const apply = () => {
      root.style.zoom = window.innerWidth > above ? String(window.innerWidth / designWidth) : '';
    };
    apply();
    window.addEventListener('resize', apply);
    return () => {
      window.removeEventListener('resize', apply);
      root.style.zoom = '';
    };
  }, [designWidth, above]);
  return null;
}
