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

/** Only same-site paths may be a post-login target (no //host or scheme tricks). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}
