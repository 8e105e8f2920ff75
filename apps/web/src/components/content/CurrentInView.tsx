'use client';
// A strip of tabs scrolls sideways on a phone; this brings its current tab (aria-current) into
// view on load, so /api?type=11 or /news?type=3 does not open with the chosen tab off-screen.
// Placed inside the strip; moves only the strip, never the page.
import { useLayoutEffect, useRef } from 'react';

export function CurrentInView() {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const strip = marker.current?.parentElement;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    const s = strip.getBoundingClientRect();
    const c = current.getBoundingClientRect();
    // Centred in the strip where there is room, else as far as it goes.
    strip.scrollLeft += c.left - s.left - (strip.clientWidth - c.width) / 2;
  });
  return <span ref={marker} hidden />;
}
