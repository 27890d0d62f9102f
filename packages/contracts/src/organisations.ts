import { z } from 'zod';
import { Language } from './enums.ts';

export const CopyQuery = z.object({
  version: z.string().default('v3.0'),
  organisation: z.string().min(1),
  language: Language,
  types: z.string().optional(),
});
