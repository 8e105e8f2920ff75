// Dates as a customer in China reads them, the same on the server and in the browser (so a
// server-rendered time does not change on hydration): the contracts' China time.
import { chinaReading } from '@apimarket/contracts/china-time';

/** 2026年11月22日 09:32, or — when there is no time. */
export function dateTime(iso: string | null | undefined): string {
  return iso ? chinaReading(new Date(iso)) : '—';
}
