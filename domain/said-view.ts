// A message's catalog key and values (domain/result.ts Said) as data, for the contract's
// answers that carry one: one schema, whatever answer holds it.
import { z } from 'zod';
import type { Said } from './result.js';

export const saidView: z.ZodType<Said> = z.lazy(() =>
  z.object({
    key: z.string(),
    values: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), saidView]))
      .optional(),
  }),
);
