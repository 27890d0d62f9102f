import { z } from 'zod';
import { BoundedText, Slug } from './common.ts';
import { Language } from './enums.ts';

export const CopyQuery = z.object({
  version: BoundedText(20).default('v3.0'),
  organisation: Slug,
  language: Language,
  types: BoundedText(500).optional(),
});
