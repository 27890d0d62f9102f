import { randomBytes } from 'node:crypto';

/** A new 24-character lowercase hexadecimal identifier (ObjectId form). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
