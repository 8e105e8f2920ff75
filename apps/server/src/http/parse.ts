// Parse at the boundary: a route hands its raw body or query to a contracts schema and gets a
// typed value, or the user gets the rule's own Chinese message (ALL_0001).
import { DEFAULT_PAGE_SIZE, firstMessage, MAX_PAGE_SIZE } from '@apimarket/contracts';
import { z } from 'zod';
import { Invalid } from './errors';

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new Invalid(firstMessage(result.error));
  return result.data;
}

/** pageNum/pageSize as every list call takes them: 1-based, page size clamped, never an error. */
export const Paging = z.object({
  pageNum: z.coerce.number().int().catch(1).transform((n) => Math.max(1, n)),
  pageSize: z.coerce
    .number()
    .int()
    .catch(DEFAULT_PAGE_SIZE)
    .transform((n) => Math.min(MAX_PAGE_SIZE, Math.max(1, n))),
});
export type Paging = z.infer<typeof Paging>;
