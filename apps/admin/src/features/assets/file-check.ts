import type { AssetKind } from '@gridline/contracts/assets';
import { AssetProblemError, checkUpload, type AssetProblem } from '@gridline/contracts/image-headers';

/**
 * The checks of a chosen file before it is sent: the server's own (`checkUpload`, the same code:
 * empty, 2 MB, the format from the bytes, a declared type that disagrees, the header and the pixel
 * limits of the kind). The server checks again and sanitises an SVG; this only spares a useless upload.
 */
export async function checkFile(file: File, kind: AssetKind): Promise<{ ok: true; bytes: Uint8Array; format: string } | { ok: false; key: AssetProblem }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    const header = checkUpload(bytes, kind, file.type || null);
    return { ok: true, bytes, format: header.format.toUpperCase() };
  } catch (error) {
    if (error instanceof AssetProblemError) return { ok: false, key: error.key };
    throw error;
  }
}

/** Bytes as base64, in chunks (a 2 MB file is too long for one `String.fromCharCode` call). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

