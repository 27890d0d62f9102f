import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compressed answers (decision 0031). The portal's built files are compressed at build time
 * (scripts/precompress.ts) and sent as they are by `@fastify/static`; this hook compresses the
 * API's answers of 1 KB or more for clients that ask for it. Brotli at quality 4 and gzip at level
 * 6: most of the saving for a fraction of the CPU of the highest settings, which matters when
 * the API answers hundreds of connections at once. A client that sends no `accept-encoding`
 * (the load bench, most server-to-server clients) costs one header look-up.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 6 },
    // Request bodies stay as they were: nothing sends compressed bodies, and a small compressed
    // body that inflates to megabytes would step around the body limit's intent.
    globalDecompression: false,
  });
}

export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * The coding to send for an `accept-encoding` header: brotli, else gzip, else none (RFC 9110
 * §12.5.3: q-values, `*`, and `identity` when nothing else is acceptable).
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepted = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return 'identity';
}

/** One HTML page in every coding, compressed once at the highest settings, with its entity tag. */
export interface CompressedPage {
  etag: string;
  bodies: Record<ContentCoding, Buffer>;
}

/**
 * A page compressed once for all the requests that get it (a few hundred bytes to a few KB: the
 * highest settings cost well under a millisecond, once). The tag covers the body and the
 * headers that differ between organisations, and is weak, so it is the same in every coding.
 */
export function compressPage(html: string, varyingHeaders: string): CompressedPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    etag: `W/"${createHash('sha256').update(identity).update('\0').update(varyingHeaders).digest('base64url').slice(0, 27)}"`,
    bodies: {
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
      gzip: gzipSync(identity, { level: 9 }),
    },
  };
}
