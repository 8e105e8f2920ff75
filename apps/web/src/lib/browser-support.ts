// Browsers the site cannot serve (spec 01 §2.3, issue: `/ie`): Internet Explorer (also what the
// compatibility mode of 360 and QQ browsers reports), legacy Edge, and engines too old for the
// JavaScript the pages ship. Pure and regex-only, because the proxy runs it on every page request.
const CHROME = /(?:Chrome|CriOS)\/(\d+)\./;
const FIREFOX = /Firefox\/(\d+)\./;
const SAFARI = /Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//;

/** Oldest majors that run the site (Next 16's browser baseline, rounded down). */
export const MIN_VERSIONS = { chrome: 64, firefox: 67, safari: 12 } as const;

export function isUnsupportedBrowser(userAgent: string | null | undefined): boolean {
  const ua = userAgent ?? '';
  if (!ua) return false;
  if (/MSIE |Trident\//.test(ua)) return true;
  if (/Edge\/\d+/.test(ua)) return true; // EdgeHTML; Chromium Edge says "Edg/"
  const major = (re: RegExp) => Number(re.exec(ua)?.[1] ?? Number.NaN);
  const chrome = major(CHROME);
  if (Number.isFinite(chrome)) return chrome < MIN_VERSIONS.chrome;
  const firefox = major(FIREFOX);
  if (Number.isFinite(firefox)) return firefox < MIN_VERSIONS.firefox;
  const safari = major(SAFARI);
  if (Number.isFinite(safari)) return safari < MIN_VERSIONS.safari;
  return false;
}
