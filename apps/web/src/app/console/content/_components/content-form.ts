// Between a stored item and the editor's form: paragraph arrays become blank-line separated
// text, lists become comma-separated text and times become China days — and back again for the
// preview, with the same splitting the server applies when it saves.
import {
  BANNER_THEMES,
  type BannerTheme,
  type CallInput,
  type CONSOLE_CONTENT_CALLS,
  type ConsoleContentItem,
  type ContentKind,
  joinParagraphs,
  splitParagraphs,
} from '@apimarket/contracts';
import { formatDate } from '@/lib/content';

/** What the form holds: text, or a number for the news type and the banner's sort. */
export type FormValues = Record<string, string | number | undefined>;

export const today = () => formatDate(new Date().toISOString());

/** A new item's starting values. */
export function blankValues(kind: ContentKind): FormValues {
  switch (kind) {
    case 'news':
      return { type: 1, publishedAt: today() };
    case 'cases':
    case 'knowledge':
      return { publishedAt: today() };
    case 'policies':
      return { issuedAt: today() };
    case 'banners':
      return { theme: 'blue', sort: 100 };
  }
}

/** A stored item as the form edits it (each kind told apart by a column only it has). */
export function toFormValues(item: ConsoleContentItem[ContentKind]): FormValues {
  if ('source' in item) {
    return {
      type: item.type,
      title: item.title,
      summary: item.summary,
      source: item.source,
      publishedAt: formatDate(item.publishedAt),
      body: joinParagraphs(item.body),
    };
  }
  if ('customer' in item) {
    return {
      industry: item.industry,
      title: item.title,
      customer: item.customer,
      summary: item.summary,
      challenge: joinParagraphs(item.challenge),
      solution: joinParagraphs(item.solution),
      results: joinParagraphs(item.results),
      interfaceIds: item.interfaceIds.join(', '),
      publishedAt: formatDate(item.publishedAt),
    };
  }
  if ('issuer' in item) {
    return {
      title: item.title,
      issuer: item.issuer,
      docNumber: item.docNumber,
      issuedAt: formatDate(item.issuedAt),
      summary: item.summary,
      body: joinParagraphs(item.body),
      tags: item.tags.join('、'),
    };
  }
  if ('buttonText' in item) {
    return { title: item.title, subtitle: item.subtitle, href: item.href, buttonText: item.buttonText, theme: item.theme, sort: item.sort };
  }
  return {
    type: item.type,
    title: item.title,
    summary: item.summary,
    body: joinParagraphs(item.body),
    interfaceIds: item.interfaceIds.join(', '),
    publishedAt: formatDate(item.publishedAt),
  };
}

/** A field's text, trimmed as the server trims it. */
export const textOf = (v: FormValues[string]) => (v === undefined ? '' : String(v)).trim();

/** Paragraphs as the server will store them. */
export const paragraphsOf = (v: FormValues[string]) => splitParagraphs(v === undefined ? '' : String(v));

/** A comma/space separated list as the server splits it. */
export const listOf = (v: FormValues[string]) => [
  ...new Set(
    textOf(v)
      .split(/[\s,，、;；]+/)
      .filter(Boolean),
  ),
];

export const themeOf = (v: FormValues[string]): BannerTheme => BANNER_THEMES.find((t) => t === v) ?? 'blue';

/** The values to send: trimmed by the server, empty fields left out so they read as missing. */
export function toPayload(values: FormValues): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null) out[k] = v;
  return out;
}

/** What a kind's save call takes. */
export type SaveFields = CallInput<(typeof CONSOLE_CONTENT_CALLS)[ContentKind]['save']>;

/**
 * The values a save sends, with the stored item's id and the version the editor opened. The
 * form holds the kind's own fields (ContentFields) as text; every field of a save rule takes
 * any value and answers its own message, so the form's record is the call's input as it is.
 */
export function savePayload(values: FormValues, edit: { id: number; version?: string } | null): SaveFields {
  return { ...toPayload(values), ...edit } as SaveFields;
}

/** The form's values, comparable with the last saved ones (unsaved changes). */
export function snapshot(values: FormValues): string {
  return JSON.stringify(Object.entries(toPayload(values)).sort(([a], [b]) => a.localeCompare(b)));
}
