import { inflateSync } from 'node:zlib';

/** WinAnsi codes 0x80–0x9F that differ from Latin-1 (the ones a document may use). */
const winAnsi: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—' };

/**
 * The text shown on the pages of a pdfkit PDF as served (its content streams compressed with
 * FlateDecode). pdfkit writes text with the built-in fonts as `[<hex> kerning <hex> …] TJ`, the
 * hex being WinAnsi codes (≈ Latin-1); one line of the answer per TJ.
 */
export function servedPdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const contents: string[] = [];
  for (const match of raw.matchAll(/\/FlateDecode[^]*?>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      contents.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // not a zlib stream (a font or an image): no text in it
    }
  }
  const shown: string[] = [];
  for (const content of contents) {
    for (const match of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ/g)) {
      const hex = [...(match[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1] ?? '').join('');
      shown.push([...Buffer.from(hex, 'hex')].map((code) => winAnsi[code] ?? String.fromCharCode(code)).join(''));
    }
  }
  return shown.join('\n');
}
