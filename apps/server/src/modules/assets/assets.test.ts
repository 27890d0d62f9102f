import { describe, expect, it } from 'vitest';
import { checkUpload, readImageHeader, sniffFormat, type AssetProblem } from '@gridline/contracts/image-headers';
import { sanitiseSvg } from './svg.ts';
import { gif, hostileSvg, ico, jpeg, png, pngHeader, svg, webp } from './test-images.ts';

const problem = (run: () => unknown): AssetProblem | 'none' => {
  try {
    run();
    return 'none';
  } catch (error) {
    return (error as { key?: AssetProblem }).key ?? 'none';
  }
};

describe('image headers (decision 0048)', () => {
  it.each([
    ['PNG', png(3, 2), 'png', 3, 2],
    ['JPEG', jpeg(640, 480), 'jpeg', 640, 480],
    ['GIF', gif(16, 9), 'gif', 16, 9],
    ['WebP (VP8X)', webp(300, 200, 'VP8X'), 'webp', 300, 200],
    ['WebP (VP8L)', webp(301, 199, 'VP8L'), 'webp', 301, 199],
    ['WebP (VP8)', webp(1024, 768, 'VP8 '), 'webp', 1024, 768],
    ['ICO', ico(32), 'ico', 32, 32],
    ['ICO of 256', ico(256), 'ico', 256, 256],
  ])('reads a %s: format and pixels from the header', (_, bytes, format, width, height) => {
    expect(readImageHeader(bytes)).toEqual({ format, width, height });
  });

  it('knows an SVG by its root element after the prolog, and HTML is not one', () => {
    expect(sniffFormat(svg())).toBe('svg');
    expect(sniffFormat(Buffer.from('\ufeff  <!-- a comment --><svg viewBox="0 0 1 1"/>'))).toBe('svg');
    expect(sniffFormat(Buffer.from('<!DOCTYPE html><html><body><svg></svg></body></html>'))).toBeNull();
    expect(sniffFormat(Buffer.from('<svgx/>'))).toBeNull();
    expect(sniffFormat(Buffer.from('GIF88a'))).toBeNull();
    expect(sniffFormat(Buffer.from([0, 0, 0, 0, 0, 0]))).toBeNull();
  });

  it('refuses what is not an image, and a damaged header, with a key', () => {
    expect(problem(() => checkUpload(Buffer.alloc(0), 'image'))).toBe('ASSET_EMPTY');
    expect(problem(() => checkUpload(Buffer.from('<html><script>alert(1)</script></html>'), 'image', 'image/png'))).toBe('ASSET_UNSUPPORTED_TYPE');
    expect(problem(() => checkUpload(Buffer.from([0x00, 0x01, 0x02, 0xff]), 'image'))).toBe('ASSET_UNSUPPORTED_TYPE');
    expect(problem(() => checkUpload(png(4, 4).subarray(0, 20), 'image'))).toBe('ASSET_INVALID_IMAGE');
    expect(problem(() => checkUpload(jpeg(4, 4).subarray(0, 22), 'image'))).toBe('ASSET_INVALID_IMAGE');
    expect(problem(() => checkUpload(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]), 'image'))).toBe('ASSET_INVALID_IMAGE');
    expect(problem(() => checkUpload(gif(0, 5), 'image'))).toBe('ASSET_INVALID_IMAGE');
    const brokenIco = ico(16);
    brokenIco.writeUInt32LE(1_000_000, 14);
    expect(problem(() => checkUpload(brokenIco, 'favicon'))).toBe('ASSET_INVALID_IMAGE');
  });

  it('refuses a declared type the bytes are not, and accepts its aliases', () => {
    expect(problem(() => checkUpload(svg(), 'logo', 'image/png'))).toBe('ASSET_TYPE_MISMATCH');
    expect(problem(() => checkUpload(png(2, 2), 'logo', 'image/jpeg'))).toBe('ASSET_TYPE_MISMATCH');
    expect(problem(() => checkUpload(jpeg(2, 2), 'logo', 'image/jpg'))).toBe('none');
    expect(problem(() => checkUpload(ico(16), 'favicon', 'image/vnd.microsoft.icon'))).toBe('none');
    expect(problem(() => checkUpload(png(2, 2), 'logo', 'IMAGE/PNG; charset=binary'))).toBe('none');
  });

  it('keeps the limits: 2 MB, 4096 pixels a side, a favicon 512', () => {
    const big = Buffer.concat([png(1, 1), Buffer.alloc(2 * 1024 * 1024)]);
    expect(problem(() => checkUpload(big, 'image'))).toBe('ASSET_TOO_LARGE');
    expect(problem(() => checkUpload(pngHeader(4096, 4096), 'image'))).toBe('none');
    expect(problem(() => checkUpload(pngHeader(4097, 10), 'image'))).toBe('ASSET_TOO_MANY_PIXELS');
    expect(problem(() => checkUpload(webp(10, 5000), 'logo'))).toBe('ASSET_TOO_MANY_PIXELS');
    expect(problem(() => checkUpload(pngHeader(512, 512), 'favicon'))).toBe('none');
    expect(problem(() => checkUpload(pngHeader(513, 16), 'favicon'))).toBe('ASSET_FAVICON_TOO_LARGE');
    expect(problem(() => checkUpload(pngHeader(513, 16), 'logo'))).toBe('none');
  });
});

describe('the SVG sanitiser (decision 0048)', () => {
  it('removes scripts, event handlers, javascript: and outside links, foreignObject, animation and imports', () => {
    const { svg: clean, width, height, removed } = sanitiseSvg(hostileSvg);
    expect(clean).not.toMatch(/script/i);
    expect(clean).not.toMatch(/\bon[a-z]+=/i);
    expect(clean).not.toMatch(/javascript/i);
    expect(clean).not.toMatch(/evil\.example/);
    expect(clean).not.toMatch(/foreignObject|iframe|animate|<set|@import|xml-stylesheet/);
    // What is harmless stays: shapes, the fragment link, styles without outside references, the text.
    expect(clean).toContain('<use href="#ok"/>');
    expect(clean).toContain('<g id="ok" style="fill: blue">');
    expect(clean).toContain('<rect width="10" height="10"/>');
    expect(clean).toContain('>Solvik &amp; co</text>');
    expect(clean.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50">')).toBe(true);
    expect({ width, height }).toEqual({ width: 100, height: 50 });
    expect(removed).toEqual(expect.arrayContaining(['script', 'foreignObject', 'animate', 'set', '@onload', '@onclick', '@xlink:href', '@fill', 'style-text', 'processing-instruction']));
    // The output is itself clean: sanitising it again changes nothing.
    expect(sanitiseSvg(Buffer.from(clean)).svg).toBe(clean);
  });

  it('does not let entities or case hide a handler or a script URL', () => {
    const { svg: clean } = sanitiseSvg(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><a href="jav&#x61;script&#58;alert(1)"><rect ONLOAD="x" width="1" height="1"/></a><Script>alert(1)</Script><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/></svg>'),
    );
    expect(clean).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/></svg>');
  });

  it('takes the size from the viewBox when width and height do not say', () => {
    expect(sanitiseSvg(svg('', 'viewBox="0 0 32 32"'))).toMatchObject({ width: 32, height: 32 });
    expect(sanitiseSvg(svg('', 'width="100%" viewBox="0 0 200 50.5"'))).toMatchObject({ width: 200, height: 51 });
    expect(sanitiseSvg(svg('', 'height="20px" viewBox="0 0 200 50"'))).toMatchObject({ width: 80, height: 20 });
    expect(sanitiseSvg(svg('', ''))).toMatchObject({ width: null, height: null });
  });

  it.each([
    ['a DOCTYPE (entity expansion)', '<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>'],
    ['an undefined entity', '<svg xmlns="http://www.w3.org/2000/svg"><text>&nbsp;</text></svg>'],
    ['an unclosed element', '<svg xmlns="http://www.w3.org/2000/svg"><g>'],
    ['crossed tags', '<svg xmlns="http://www.w3.org/2000/svg"><g><rect></g></rect></svg>'],
    ['a second root', '<svg xmlns="http://www.w3.org/2000/svg"/><svg/>'],
    ['a NUL byte', '<svg xmlns="http://www.w3.org/2000/svg">\u0000</svg>'],
    ['a bare ampersand', '<svg xmlns="http://www.w3.org/2000/svg"><text>a & b</text></svg>'],
    ['a duplicate attribute', '<svg xmlns="http://www.w3.org/2000/svg" width="1" width="2"/>'],
    ['deep nesting', `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(100)}${'</g>'.repeat(100)}</svg>`],
  ])('refuses %s', (_, text) => {
    expect(problem(() => sanitiseSvg(Buffer.from(text)))).toBe('ASSET_INVALID_IMAGE');
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(problem(() => sanitiseSvg(Buffer.concat([Buffer.from('<svg>'), Buffer.from([0xff, 0xfe]), Buffer.from('</svg>')])))).toBe('ASSET_INVALID_IMAGE');
  });
});
