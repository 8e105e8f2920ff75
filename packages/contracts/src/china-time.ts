// Times as a customer in China reads them, written once for the server (spreadsheets, notices,
// e-mails, day filters) and the browser (pages), so a server-rendered time does not change on
// hydration and a file and a page never disagree. China keeps one zone and no daylight saving,
// so a day starts at 00:00+08:00 all year. Plain functions, no zod: public pages import them.

export const CHINA_TIME_ZONE = 'Asia/Shanghai';

const clockFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: CHINA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const readingFormat = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short', timeZone: CHINA_TIME_ZONE });
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: CHINA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const hourFormat = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: CHINA_TIME_ZONE });

/** "2026-04-10 10:03:04": a column of a spreadsheet, a line of a notice or an e-mail. */
export function chinaClock(at: Date): string {
  return clockFormat.format(at);
}

/** "2026年4月10日 10:03": a time a page or a message shows a reader. */
export function chinaReading(at: Date): string {
  return readingFormat.format(at);
}

/** The China day (yyyy-MM-dd) of an instant. */
export function chinaDay(at: Date = new Date()): string {
  return dayFormat.format(at);
}

/** The China hour (0–23) of an instant. */
export function chinaHour(at: Date = new Date()): number {
  return Number(hourFormat.format(at));
}

/** The instant a China day (yyyy-MM-dd) starts, `plusDays` later: [day, day + 1) is the whole day. */
export function chinaDayStart(day: string, plusDays = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * 86_400_000);
}
