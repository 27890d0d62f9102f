import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Values sealed at rest (decision 0035): an organisation's secrets and the staff's TOTP secrets are
 * stored as `<key id>.<iv>.<tag>.<cipher text>` (base64url), AES-256-GCM under one of the keys of
 * a key ring. New values are sealed with the current key; any key of the ring opens what it
 * sealed, so a rotation adds a key, makes it current and re-seals the rows (`npm run secrets:rotate`),
 * then the old key can go. The keys come from SECRETS_KEYS (`id:base64,id:base64`, the first
 * current) or, for the demo, from `DATA_DIR/keys/sealing.txt`, made once.
 */

export interface SealingKeys {
  currentId: string;
  keys: ReadonlyMap<string, Buffer>;
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export class SealingError extends Error {}

/** Parses `id:base64,id:base64` (each key 32 bytes); the first is the current one. */
export function parseSealingKeys(text: string): SealingKeys {
  const keys = new Map<string, Buffer>();
  let currentId = '';
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [id, encoded] = part.split(':');
    if (!id || !encoded || !KEY_ID.test(id)) throw new SealingError('SECRETS_KEYS: each key is id:base64 (id of letters, digits, _ or -)');
    const key = Buffer.from(encoded, 'base64');
    if (key.length !== 32) throw new SealingError(`SECRETS_KEYS: key ${id} is not 32 bytes (base64 of 32 random bytes)`);
    if (keys.has(id)) throw new SealingError(`SECRETS_KEYS: key ${id} is named twice`);
    keys.set(id, key);
    currentId ||= id;
  }
  if (!currentId) throw new SealingError('SECRETS_KEYS: no key');
  return { currentId, keys };
}

export function formatSealingKeys(keys: SealingKeys): string {
  const ordered = [keys.currentId, ...[...keys.keys.keys()].filter((id) => id !== keys.currentId)];
  return ordered.map((id) => `${id}:${keys.keys.get(id)!.toString('base64')}`).join(',');
}

/** A ring of one new key (tests; the first start of the demo). */
export function newSealingKeys(id = `k${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`): SealingKeys {
  return { currentId: id, keys: new Map([[id, randomBytes(32)]]) };
}

/** SECRETS_KEYS when given, else the ring in the data folder (made on the first start). */
export function loadSealingKeys(options: { configured?: string; dataDir: string }): SealingKeys {
  if (options.configured) return parseSealingKeys(options.configured);
  const file = path.join(options.dataDir, 'keys', 'sealing.txt');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, formatSealingKeys(newSealingKeys()), { mode: 0o600, flag: 'wx' });
  }
  return parseSealingKeys(fs.readFileSync(file, 'utf8'));
}

export class Sealer {
  private readonly ring: SealingKeys;
  constructor(ring: SealingKeys) {
    this.ring = ring;
  }

  get currentKeyId(): string {
    return this.ring.currentId;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.ring.keys.get(this.ring.currentId)!, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [this.ring.currentId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The key id a sealed value names (to find what a rotation must re-seal). */
  static keyIdOf(sealed: string): string {
    return sealed.slice(0, sealed.indexOf('.'));
  }

  open(sealed: string): string {
    const [id, iv, tag, body] = sealed.split('.');
    const key = id ? this.ring.keys.get(id) : undefined;
    if (!key || iv === undefined || tag === undefined || body === undefined) throw new SealingError(`No key ${id ?? '?'} in the ring to open this value`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
