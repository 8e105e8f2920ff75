// Parse at the boundary: a route hands its raw body or query to a contracts schema and gets a
// typed value, or the user gets the rule's own Chinese message (ALL_0001). Whatever the schema
// lets through is also held to the input guard (Decision 123): no control character and no
// number beyond the platform's columns ever reaches a service.
import { firstMessage, inputProblem } from '@apimarket/contracts';
import type { z } from 'zod';
import { Invalid } from './errors';

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const raw = inputProblem(value ?? {}, '', 0, { numbers: false });
  if (raw) throw new Invalid(raw);
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new Invalid(firstMessage(result.error));
  const problem = inputProblem(result.data);
  if (problem) throw new Invalid(problem);
  return result.data;
}
