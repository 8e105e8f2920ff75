'use client';
// What CSS cannot do for the header's dropdowns: Escape closes the open one (focus back on its
// item), and a click on a menu link closes it, since after a client-side navigation the pointer
// still hovers the panel and the focus is still inside it. A closed dropdown opens again when the
// pointer comes back into it, or once neither the pointer nor the focus is in it.
import { useEffect } from 'react';

const ITEM = '[data-dropdown]';

export function DropdownCloser() {
  useEffect(() => {
    const itemOf = (t: EventTarget | null) => (t instanceof Element ? t.closest<HTMLElement>(ITEM) : null);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const item = itemOf(e.target);
      if (!item) return;
      item.dataset.closed = '';
      item.querySelector<HTMLElement>(':scope > a')?.focus();
    };
    const onClick = (e: MouseEvent) => {
      const link = e.target instanceof Element ? e.target.closest('a') : null;
      const item = itemOf(link);
      if (!link || !item) return;
      item.dataset.closed = '';
      link.blur();
    };
    const closed = () => document.querySelectorAll<HTMLElement>(`${ITEM}[data-closed]`);
    const inside = (item: HTMLElement, t: EventTarget | null) => t instanceof Node && item.contains(t);
    // Real pointer movement only (pointermove, not the over/out events the browser fires when the
    // page changes under a resting pointer): coming into the item opens it again, and so does
    // moving elsewhere once the focus is not in it either.
    let last: EventTarget | null = null;
    const onPointer = (e: PointerEvent) => {
      for (const item of closed()) {
        const now = inside(item, e.target);
        if ((now && !inside(item, last)) || (!now && !item.contains(document.activeElement))) delete item.dataset.closed;
      }
      last = e.target;
    };
    // The focus moving out of it, with the pointer elsewhere, opens it again. Not Escape's own move
    // onto the item, nor the router focusing the new page while the pointer still rests on the panel.
    const onFocus = (e: FocusEvent) => {
      for (const item of closed()) if (!inside(item, e.target) && !item.matches(':hover')) delete item.dataset.closed;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    document.addEventListener('pointermove', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointermove', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, []);
  return null;
}
