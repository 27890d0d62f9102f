import { z } from 'zod';

/** Identifiers are 24-character lowercase hexadecimal strings (ObjectId form). */
export const Id = z.string().regex(/^[0-9a-f]{24}$/, 'MALFORMED_ID');
export type Id = z.infer<typeof Id>;

/** Every answer is `{ status, data }`, plus `pagination` on paged lists. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.number().int(), data });

export const Pagination = z.object({
  limit: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

export const pagedEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.number().int(), data: z.array(item), pagination: Pagination });

/** Error body: the client error fields of spec 000 section 8. */
export const ApiErrorBody = z.object({
  name: z.string(),
  status: z.number().int(),
  message: z.string(),
  key: z.string(),
  uid: z.string(),
  data: z.unknown().optional(),
  info: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const PagingQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  page: z.coerce.number().int().min(1).default(1),
});
