import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the library's defaults (memory-hard; about 50 ms on this machine). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
