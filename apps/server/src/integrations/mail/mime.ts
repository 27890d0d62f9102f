/**
 * Just enough MIME (RFC 2045–2047) to read what the local SMTP server receives: header fields
 * (unfolded, encoded words decoded), single-part and multipart bodies, quoted-printable and
 * base64 transfer encodings, UTF-8 and Latin-1 text. Enough for the outbox; not a mail reader.
 */

export interface ParsedMail {
  from: string;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
}

type Headers = Map<string, string>;

function splitHeaders(raw: string): { headers: Headers; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Headers = new Map();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBytes(bytes: Buffer, charset: string): string {
  const name = charset.toLowerCase();
  if (name === 'iso-8859-1' || name === 'latin1' || name === 'us-ascii') return bytes.toString('latin1');
  return new TextDecoder(name === 'utf8' ? 'utf-8' : name, { fatal: false }).decode(bytes);
}

function quotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const c = soft[i] as string;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words of a header (RFC 2047). */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) =>
      decodeBytes(encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : quotedPrintable(text.replace(/_/g, ' ')), charset),
    );
}

const parameter = (value: string | undefined, name: string): string | null => {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(value ?? '');
  return match ? (match[1] as string) : null;
};

function decodeBody(headers: Headers, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = parameter(headers.get('content-type'), 'charset') ?? 'utf-8';
  if (encoding === 'base64') return decodeBytes(Buffer.from(body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return decodeBytes(quotedPrintable(body), charset);
  // The raw message was read as Latin-1, one character per byte: back to bytes, then the part's charset.
  return decodeBytes(Buffer.from(body, 'latin1'), charset);
}

function collectParts(headers: Headers, body: string, into: { text: string | null; html: string | null }): void {
  const type = (headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = parameter(headers.get('content-type'), 'boundary');
    if (!boundary) return;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const inner = splitHeaders(part.replace(/^\n/, ''));
      collectParts(inner.headers, inner.body.replace(/\n$/, ''), into);
    }
    return;
  }
  if (type.startsWith('text/html') && into.html === null) into.html = decodeBody(headers, body);
  else if (type.startsWith('text/plain') && into.text === null) into.text = decodeBody(headers, body);
}

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHeaders(raw);
  const parts = { text: null as string | null, html: null as string | null };
  collectParts(headers, body, parts);
  return {
    from: decodeEncodedWords(headers.get('from') ?? ''),
    to: decodeEncodedWords(headers.get('to') ?? ''),
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text: parts.text,
    html: parts.html,
  };
}
