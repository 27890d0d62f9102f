import { hasControlCharacter } from '@gridline/contracts/common';
import { AssetProblemError } from '@gridline/contracts/image-headers';

/*
 * The SVG sanitiser (decision 0048): a strict XML tokenizer and an allow-list of elements and
 * attributes. What is not on the list goes: scripts, `foreignObject`, animation (which can set an
 * `href` to `javascript:`), event handler attributes, links other than to a fragment of the same
 * document, `url(…)` of anything but a fragment, style sheets that import, processing
 * instructions, comments and the XML declaration. A DOCTYPE (the door to entity expansion), an
 * unknown entity, or XML that is not well-formed is refused (`ASSET_INVALID_IMAGE`), never
 * repaired. The output is re-serialised from the tokens, so nothing passes through unread.
 */

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'style', 'image', 'switch',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting',
  'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR',
  'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting',
  'feSpotLight', 'feTile', 'feTurbulence',
]);
/** Elements whose tags go but whose content stays (a link: the picture, without the link). */
const UNWRAPPED = new Set(['a']);

const ATTRIBUTES = new Set([
  'id', 'class', 'style', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'd', 'points', 'pathLength',
  'width', 'height', 'viewBox', 'preserveAspectRatio', 'transform', 'version', 'href', 'xlink:href', 'xml:space', 'xml:lang', 'lang',
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit',
  'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color', 'display', 'visibility', 'overflow',
  'font-family', 'font-size', 'font-weight', 'font-style', 'font-variant', 'font-stretch', 'text-anchor', 'dominant-baseline',
  'alignment-baseline', 'baseline-shift', 'letter-spacing', 'word-spacing', 'text-decoration', 'writing-mode', 'direction',
  'unicode-bidi', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing', 'side', 'path',
  'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'stop-color', 'stop-opacity',
  'clip-path', 'clip-rule', 'clipPathUnits', 'mask', 'maskUnits', 'maskContentUnits',
  'patternUnits', 'patternContentUnits', 'patternTransform', 'marker-start', 'marker-mid', 'marker-end',
  'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY', 'orient',
  'filter', 'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'mode', 'type', 'values', 'operator',
  'k1', 'k2', 'k3', 'k4', 'flood-color', 'flood-opacity', 'lighting-color', 'color-interpolation', 'color-interpolation-filters',
  'baseFrequency', 'numOctaves', 'seed', 'stitchTiles', 'scale', 'xChannelSelector', 'yChannelSelector', 'radius',
  'kernelMatrix', 'order', 'divisor', 'bias', 'targetX', 'targetY', 'edgeMode', 'preserveAlpha', 'surfaceScale',
  'diffuseConstant', 'specularConstant', 'specularExponent', 'azimuth', 'elevation', 'pointsAtX', 'pointsAtY', 'pointsAtZ',
  'limitingConeAngle', 'tableValues', 'slope', 'intercept', 'amplitude', 'exponent',
  'vector-effect', 'shape-rendering', 'text-rendering', 'image-rendering', 'paint-order', 'mix-blend-mode', 'isolation',
  'role', 'aria-label', 'aria-labelledby', 'aria-describedby', 'aria-hidden', 'focusable', 'tabindex',
]);

/** A link to a fragment of the same document. */
const FRAGMENT = /^#[\w.:-]*$/;
/** An embedded raster image (an `image` element's only outside-free source). */
const RASTER_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/;
/** A `url(…)` of anything but a fragment, a script URL, an old IE expression or an import: never in a kept value. */
const UNSAFE_VALUE = /url\s*\(\s*(?:['"]\s*)?(?!#)|javascript\s*:|vbscript\s*:|expression\s*\(|@import|behaviou?r\s*:|-moz-binding|<\//i;

const MAX_DEPTH = 64;
const MAX_ELEMENTS = 50_000;

const NAME = '[A-Za-z_][\\w.-]*(?::[A-Za-z_][\\w.-]*)?';
const START_TAG = new RegExp(`<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`, 'y');
const ATTRIBUTE = new RegExp(`\\s+(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'g');
const END_TAG = new RegExp(`</(${NAME})\\s*>`, 'y');
const TEXT = /[^<]+/y;
const COMMENT = /<!--[\s\S]*?-->/y;
const CDATA = /<!\[CDATA\[([\s\S]*?)\]\]>/y;
const PROCESSING_INSTRUCTION = /<\?[\s\S]*?\?>/y;

export interface SanitisedSvg {
  svg: string;
  /** From the root's width and height (numbers or px), else its viewBox; null when neither says. */
  width: number | null;
  height: number | null;
  /** What was removed, for the tests and the audit entry ("script", "@onload", …). */
  removed: string[];
}

function refuse(why: string): never {
  throw new AssetProblemError('ASSET_INVALID_IMAGE', `The SVG cannot be read: ${why}`);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five predefined entities and character references; any other entity refuses the file. */
export function decodeEntities(text: string): string {
  return text.replace(/&([^;\s&]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) refuse('a bare "&"');
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d)) refuse(`the character reference ${whole}`);
      return String.fromCodePoint(code);
    }
    const value = ENTITIES[name];
    if (value === undefined) refuse(`the undefined entity ${whole}`);
    return value;
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** Whether an attribute may stay on an element with this value (already decoded). */
function keepAttribute(element: string, name: string, value: string): boolean {
  if (!ATTRIBUTES.has(name)) return false;
  if (name === 'href' || name === 'xlink:href') {
    const link = value.replace(/\s+/g, '');
    return FRAGMENT.test(link) || (element === 'image' && RASTER_DATA_URL.test(value));
  }
  return !UNSAFE_VALUE.test(value.replace(/\\/g, ''));
}

/** Pixels of a length of the root (a number, or px); null for a relative one (%, em). */
function pixels(value: string | undefined): number | null {
  const match = value ? /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(px)?\s*$/.exec(value) : null;
  if (!match) return null;
  const n = Math.ceil(Number(match[1]));
  return n > 0 ? n : null;
}

function sizeOf(attributes: Map<string, string>): { width: number | null; height: number | null } {
  let width = pixels(attributes.get('width'));
  let height = pixels(attributes.get('height'));
  const box = attributes.get('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (box && box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0) {
    if (width === null && height === null) {
      width = Math.ceil(box[2]!);
      height = Math.ceil(box[3]!);
    } else if (width === null && height !== null) width = Math.ceil((height * box[2]!) / box[3]!);
    else if (height === null && width !== null) height = Math.ceil((width * box[3]!) / box[2]!);
  }
  return { width, height };
}

/** Sanitises an SVG document (UTF-8 bytes); throws `ASSET_INVALID_IMAGE` for one it will not read. */
export function sanitiseSvg(bytes: Uint8Array): SanitisedSvg {
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('not UTF-8 text');
  }
  if (source.charCodeAt(0) === 0xfeff) source = source.slice(1);
  // Control characters other than white space are not XML.
  if (hasControlCharacter(source, { multiline: true })) refuse('a control character');

  const out: string[] = [];
  const removed: string[] = [];
  /** Open elements: the name, and whether it is written (false inside a dropped element, or for an unwrapped one). */
  const stack: Array<{ name: string; written: boolean; dropping: boolean }> = [];
  let rootSeen = false;
  /** A style sheet's text, checked whole at its end tag (a `url(` may be split across a text and a CDATA section). */
  let styleText = '';
  let rootSize: { width: number | null; height: number | null } = { width: null, height: null };
  let rootIndex = -1;
  let usesXlink = false;
  let elements = 0;
  let i = 0;
  const dropping = () => stack.length > 0 && stack[stack.length - 1]!.dropping;
  /** Text of the open element, unless it is dropped; a style sheet's only when it is safe. */
  const pushText = (decoded: string) => {
    if (dropping()) return;
    if (stack[stack.length - 1]!.name === 'style') styleText += decoded;
    else out.push(escapeText(decoded));
  };

  const at = (pattern: RegExp): RegExpExecArray | null => {
    pattern.lastIndex = i;
    const match = pattern.exec(source);
    if (match) i = pattern.lastIndex;
    return match;
  };

  while (i < source.length) {
    if (source.startsWith('<!--', i)) {
      if (!at(COMMENT)) refuse('an unterminated comment');
      continue;
    }
    if (source.startsWith('<![CDATA[', i)) {
      const match = at(CDATA);
      if (!match) refuse('an unterminated CDATA section');
      if (stack.length === 0) refuse('text outside the root');
      pushText(match[1]!);
      continue;
    }
    if (source.startsWith('<!', i)) refuse('a DOCTYPE or other declaration');
    if (source.startsWith('<?', i)) {
      const match = at(PROCESSING_INSTRUCTION);
      if (!match) refuse('an unterminated processing instruction');
      if (!/^<\?xml\s/.test(match[0]) || rootSeen || i !== match[0].length) removed.push('processing-instruction');
      continue;
    }
    if (source.startsWith('</', i)) {
      const match = at(END_TAG);
      if (!match) refuse(`a malformed end tag at ${i}`);
      const open = stack.pop();
      if (!open || open.name !== match[1]) refuse(`</${match[1]}> closes ${open ? `<${open.name}>` : 'nothing'}`);
      if (open.written && open.name === 'style') {
        if (UNSAFE_VALUE.test(styleText.replace(/\\/g, ''))) removed.push('style-text');
        else out.push(escapeText(styleText));
        styleText = '';
      }
      if (open.written) out.push(`</${open.name}>`);
      continue;
    }
    if (source[i] === '<') {
      const match = at(START_TAG);
      if (!match) refuse(`a malformed start tag at ${i}`);
      const [, name, rawAttributes, selfClosing] = match as unknown as [string, string, string, string];
      elements += 1;
      if (elements > MAX_ELEMENTS) refuse(`more than ${MAX_ELEMENTS} elements`);
      if (stack.length >= MAX_DEPTH) refuse(`nested deeper than ${MAX_DEPTH}`);
      const attributes = new Map<string, string>();
      for (const attribute of rawAttributes.matchAll(ATTRIBUTE)) {
        const attributeName = attribute[1]!;
        if (attributes.has(attributeName)) refuse(`the attribute ${attributeName} twice on <${name}>`);
        attributes.set(attributeName, decodeEntities(attribute[2] ?? attribute[3] ?? ''));
      }
      const isRoot = stack.length === 0;
      if (isRoot) {
        if (rootSeen) refuse('a second root element');
        if (name !== 'svg') refuse(`the root is <${name}>, not <svg>`);
        rootSeen = true;
      }
      const parentDropping = dropping();
      // A style sheet holds text only: an element inside one goes.
      const insideStyle = stack.length > 0 && stack[stack.length - 1]!.name === 'style';
      const dropped = parentDropping || insideStyle || (!ELEMENTS.has(name) && !UNWRAPPED.has(name));
      if (dropped && !parentDropping) removed.push(name);
      const unwrapped = !dropped && UNWRAPPED.has(name);
      if (unwrapped) removed.push(`<${name}>`);
      const written = !dropped && !unwrapped;
      if (written) {
        const kept: string[] = [];
        for (const [attributeName, value] of attributes) {
          if (attributeName === 'xmlns' || attributeName.startsWith('xmlns:')) continue;
          if (keepAttribute(name, attributeName, value)) {
            kept.push(` ${attributeName}="${escapeAttribute(value)}"`);
            if (attributeName.startsWith('xlink:')) usesXlink = true;
          } else removed.push(`@${attributeName}`);
        }
        if (isRoot) {
          rootIndex = out.length;
          rootSize = sizeOf(attributes);
        }
        out.push(`<${name}${kept.join('')}${selfClosing ? '/' : ''}>`);
      }
      if (!selfClosing) stack.push({ name, written, dropping: dropped });
      continue;
    }
    const text = at(TEXT);
    if (!text) refuse(`unexpected input at ${i}`);
    if (stack.length === 0) {
      if (/\S/.test(text[0])) refuse('text outside the root');
      continue;
    }
    pushText(decodeEntities(text[0]));
  }
  if (!rootSeen) refuse('no <svg> root');
  if (stack.length > 0) refuse(`<${stack[stack.length - 1]!.name}> is not closed`);
  // The root names the SVG namespace (and XLink's when a kept link uses it), whatever the file said.
  const root = out[rootIndex]!;
  const namespaces = ` xmlns="${SVG_NAMESPACE}"${usesXlink ? ` xmlns:xlink="${XLINK_NAMESPACE}"` : ''}`;
  out[rootIndex] = root.replace(/^<svg/, `<svg${namespaces}`);
  return { svg: out.join(''), ...rootSize, removed };
}
