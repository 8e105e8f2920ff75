// Money and wording helpers that browser leaves use on every page they appear on. Plain
// functions, no zod: a page that only shows a price does not load the validation library.

/** 元 with at most two decimals → fen; the check is the form's and the server's. */
export function yuanToFen(text: string): number | null {
  const m = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** fen → "1280.00": a form field's value, which yuanToFen reads back (no thousands separators). */
export function fenToYuanInput(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** fen → "1,280.00": every amount a page shows, in the user center and on the public pages alike. */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** The button's words: 「免费试用 N 次」. */
export function trialLabel(calls: number): string {
  return `免费试用 ${calls} 次`;
}

/** The message of a granted trial (the envelope's msg). */
export function trialGrantedMsg(calls: number): string {
  return `已开通 ${calls} 次免费调用，接口 Key 在「我的API」查看`;
}
