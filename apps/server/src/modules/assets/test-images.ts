import { crc32, deflateSync } from 'node:zlib';

/*
 * Small image files for the tests, built from each format's published layout: a real PNG (the
 * browser decodes it), and headers of the other formats as far as the readers look.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour (RGB), width × height. */
export function png(width: number, height: number, rgb: [number, number, number] = [31, 95, 168]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A PNG's header claiming a size, with an empty image: enough to test the limits without megabytes. */
export function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IEND', Buffer.alloc(0))]);
}

/** A baseline JPEG's markers up to its frame header: SOI, APP0 (JFIF), SOF0 with the size, EOI. */
export function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

export function gif(width: number, height: number): Buffer {
  const b = Buffer.alloc(13 + 3 * 2 + 1);
  b.write('GIF89a', 0, 'ascii');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  b[10] = 0x80; // a global colour table of 2
  b[19] = 0x3b; // trailer
  return b;
}

/** WebP in its three first-chunk forms. */
export function webp(width: number, height: number, form: 'VP8 ' | 'VP8L' | 'VP8X' = 'VP8X'): Buffer {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(32, 4);
  b.write('WEBP', 8, 'ascii');
  b.write(form, 12, 'ascii');
  b.writeUInt32LE(20, 16);
  if (form === 'VP8X') {
    b.writeUIntLE(width - 1, 24, 3);
    b.writeUIntLE(height - 1, 27, 3);
  } else if (form === 'VP8L') {
    b[20] = 0x2f;
    b.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
  } else {
    b.set([0x9d, 0x01, 0x2a], 23);
    b.writeUInt16LE(width, 26);
    b.writeUInt16LE(height, 28);
  }
  return b;
}

/** An ICO holding one PNG image. */
export function ico(size: number): Buffer {
  const image = png(Math.min(size, 16), Math.min(size, 16));
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header[6] = size >= 256 ? 0 : size;
  header[7] = size >= 256 ? 0 : size;
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, image]);
}

export const svg = (body = '<rect width="10" height="10" fill="#1f5fa8"/>', attributes = 'width="120" height="40"') =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" ${attributes}>${body}</svg>`);

/** An SVG with every way to run script or reach outside that the sanitiser removes. */
export const hostileSvg = Buffer.from(
  `<?xml version="1.0"?>
<?xml-stylesheet href="https://evil.example/x.css"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="50" onload="alert(1)">
  <script>alert('script')</script>
  <script xlink:href="https://evil.example/x.js"/>
  <a xlink:href="javascript:alert('link')"><rect width="10" height="10" onclick="alert(2)" fill="url(https://evil.example/p#x)"/></a>
  <use xlink:href="https://evil.example/sprite.svg#icon"/>
  <use href="#ok"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></div></foreignObject>
  <animate attributeName="href" values="javascript:alert(3)"/>
  <set attributeName="onmouseover" to="alert(4)"/>
  <style>@import url(https://evil.example/x.css); rect { fill: red }</style>
  <g id="ok" style="fill: blue"><circle cx="5" cy="5" r="4" style="background: url('https://evil.example/bg.png')"/></g>
  <text x="1" y="20" font-family="Arial">Solvik &amp; co</text>
</svg>`,
);
