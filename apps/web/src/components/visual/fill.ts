// Card grids whose rows are never half empty: a 12-track grid where each card spans 12/columns,
// and the cards of a short last row widen to share it. Server-side arithmetic, no JS shipped.
import type { CSSProperties } from 'react';

/** The columns (at most `max`) that leave the fullest last row for `count` cards. */
export function columnsFor(count: number, max = 4): number {
  if (count <= max) return Math.max(count, 1);
  let best = max;
  let bestScore = -1;
  // A divisor wins outright; otherwise the larger remainder (the last row closest to full).
  for (let c = max; c >= Math.min(3, max); c--) {
    const rest = count % c;
    const score = rest === 0 ? c + 1 : rest;
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

/** How many of 12 tracks the card at `index` spans when `count` cards sit in `columns` per row. */
function spanOf(index: number, count: number, columns: number): number {
  const rest = count % columns;
  const inLastRow = rest !== 0 && index >= count - rest;
  return 12 / (inLastRow ? rest : columns);
}

/**
 * Per-card style for a `fill` grid (fill.module.css): the span on wide screens (up to `max`
 * columns) and on tablets (two columns; an odd last card takes the row). Phones stack the cards,
 * or with `phonePairs` keep two small ones a row, like the tablet.
 */
export function fillStyle(index: number, count: number, max = 4, phonePairs = false): CSSProperties {
  const wide = spanOf(index, count, columnsFor(count, max));
  const medium = spanOf(index, count, Math.min(2, count));
  return { '--span': wide, '--span-md': medium, '--span-sm': phonePairs ? medium : 12 } as CSSProperties;
}
