// Parse at the boundary: a route hands its raw body or query to a contracts schema and gets a
// typed value, or the user gets the rule's own Chinese message (ALL_0001).
import { firstMessage } from '@apimarket/contracts';
import type { z } from 'zod';
import { Invalid } from './errors';

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new Invalid(firstMessage(result.error));
  return result.data;
}
