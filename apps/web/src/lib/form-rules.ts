// antd form rules from the contracts schemas, so a form shows exactly the message the server
// would answer for the same value.
import { checkField } from '@apimarket/contracts';
import type { FormRule } from 'antd';
import type { z } from 'zod';

export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const message = checkField(schema, value ?? '');
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

const SITE = 'https://site.invalid';
// Browsers drop tabs and line breaks from a URL and read "\" as "/", so "/\t/evil.example" goes to
// //evil.example: control characters, backslashes and whitespace other than a space are refused.
function unsafe(value: string): boolean {
  for (const ch of value) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || ch === '\\' || (ch !== ' ' && /\s/.test(ch))) return true;
  }
  return false;
}

/**
 * The post-login target, only when it is a path on this site: it must resolve to this site's
 * origin, and so must the path it resolves to ("/.//evil" resolves to "//evil"). A value that
 * decodes once more into something unsafe is refused too, in case a later step decodes it. Answers
 * the normalised path, query and fragment, or null.
 */
export function safeRedirect(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || target.length > 2048) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return null;
  }
  for (const value of [target, decoded]) {
    if (unsafe(value) || value.startsWith('//')) return null;
  }
  let url: URL;
  try {
    url = new URL(target, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : null;
}
