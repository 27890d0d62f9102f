import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The files worth compressing: text. Images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file
 * below `dir`, at build time, so that the server sends the smallest form a browser accepts
 * without compressing anything per request (`@fastify/static`'s `preCompressed`, decision 0031).
 * Every such file gets both copies, however small: a file without them would be compressed on
 * the fly by the API's compression hook instead. The root index.html is left out: the server
 * fills in the organisation and compresses that page itself.
 */
export function precompressFolder(dir: string): { files: number; bytes: number; brotliBytes: number; gzipBytes: number } {
  const summary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const visit = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        visit(file);
        continue;
      }
      if (!COMPRESSIBLE.test(entry.name) || file === path.join(dir, 'index.html')) continue;
      const content = fs.readFileSync(file);
      const brotli = brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      });
      const gzip = gzipSync(content, { level: 9 });
      fs.writeFileSync(`${file}.br`, brotli);
      fs.writeFileSync(`${file}.gz`, gzip);
      // The copies keep the original's time, so `Last-Modified` is the same whichever is sent.
      const { atime, mtime } = fs.statSync(file);
      fs.utimesSync(`${file}.br`, atime, mtime);
      fs.utimesSync(`${file}.gz`, atime, mtime);
      summary.files++;
      summary.bytes += content.length;
      summary.brotliBytes += brotli.length;
      summary.gzipBytes += gzip.length;
    }
  };
  visit(dir);
  return summary;
}
