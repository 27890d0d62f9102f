import { createHash } from 'node:crypto';

/** A weak entity tag of a JSON-serialisable value: the same content gives the same tag. */
export function weakEtag(content: unknown): string {
  return `W/"${createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 32)}"`;
}

/**
 * Whether an `If-None-Match` header names `etag` (RFC 9110 §13.1.2: weak comparison, a list of
 * tags, or `*`).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(etag));
}
