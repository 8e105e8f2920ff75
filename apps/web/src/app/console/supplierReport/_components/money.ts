// Money of the supplier report: milli-fen (1 元 = 100 000) read as 元 — totals to the fen, and a
// supplier's charges to the milli-fen, where a price of 0.035 元 a call must not read as 0.04.
import { formatMfen } from '@apimarket/contracts';

/** "1,280.00": a total, rounded to the fen. */
export const yuanTotal = (mfen: number): string => formatMfen(mfen);

/** "0.035", "1,280.50", "12.00": every place a milli-fen holds, and at least two. */
export function yuanExact(mfen: number): string {
  const sign = mfen < 0 ? '-' : '';
  const abs = Math.abs(Math.round(mfen));
  const whole = Math.floor(abs / 100_000).toLocaleString('en-US');
  const part = String(abs % 100_000)
    .padStart(5, '0')
    .replace(/0{1,3}$/, '');
  return `${sign}${whole}.${part}`;
}

/** The average of a total over a count of calls, to the milli-fen; null without calls. */
export const perCall = (mfen: number, calls: number): string | null => (calls > 0 ? yuanExact(mfen / calls) : null);

/** An answered share as a percentage, "98.5%"; — without attempts. */
export const percent = (rate: number | null): string => (rate === null ? '—' : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`);
