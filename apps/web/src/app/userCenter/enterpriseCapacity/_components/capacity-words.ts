// What the 企业运力 screen says and is not drawing: shares as percentages, instants as China
// time, kilometres in 万公里, and the form checked as the server will check it. Kept apart so it
// is tested without a browser.
import { CapacityQueryInput } from '@apimarket/contracts';

/** 0.826 → 82.6% */
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** An ISO instant as China wall time, yyyy-MM-dd HH:mm. */
export function chinaTime(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Kilometres as 万公里 with one decimal (583 200 → 58.3). */
export const tenThousandKm = (km: number) => Math.round(km / 1000) / 10;

export type FormErrors = Partial<Record<'companyName' | 'creditCode', string>>;

/** The form's fields as the server will read them, or the first message of each field. */
export function checkForm(companyName: string, creditCode: string): { input: CapacityQueryInput | null; errors: FormErrors } {
  const parsed = CapacityQueryInput.safeParse({ companyName, creditCode });
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'creditCode' ? 'creditCode' : 'companyName';
    errors[field] ??= issue.message;
  }
  return { input: null, errors };
}
