/**
 * A small, strict XML reader for the ENTSO-E market documents: elements, attributes, text,
 * namespaces, comments, CDATA and the five predefined entities plus character references.
 * DOCTYPE declarations are refused rather than ignored: these documents never carry one, and a DTD
 * is the door to entity-expansion attacks. It builds a tree because the documents are small (a
 * year of quarter-hours is a few megabytes) and the interpretation wants random access.
 */

export type XmlElement = {
  /** The name as written, prefix included. */
  readonly qname: string;
  readonly localName: string;
  /** The resolved namespace URI, or null when the element is in no namespace. */
  readonly namespace: string | null;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: XmlElement[];
  /** The element's own character data, entities decoded, concatenated across its children. */
  text: string;
  /** Offset of the start tag in the source, for error messages. */
  readonly offset: number;
};

export class XmlSyntaxError extends Error {
  readonly line: number;
  readonly column: number;

  constructor(message: string, source: string, offset: number) {
    const before = source.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    super(`${message} (line ${line}, column ${column})`);
    this.name = 'XmlSyntaxError';
    this.line = line;
    this.column = column;
  }
}

const NAME = /[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*(?::[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*)?/y;
const WHITESPACE = /[ \t\r\n]*/y;
const ONLY_WHITESPACE = /^[ \t\r\n]*$/;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

type OpenElement = { element: XmlElement; scope: ReadonlyMap<string, string> };

export function parseXml(input: string): XmlElement {
  const source = input.startsWith('\uFEFF') ? input.slice(1) : input;
  // Typed explicitly so that TypeScript treats a call as the end of the path.
  const fail: (message: string, at: number) => never = (message, at) => {
    throw new XmlSyntaxError(message, source, at);
  };

  const readName = (at: number): string => {
    NAME.lastIndex = at;
    const match = NAME.exec(source);
    return match ? match[0] : fail('expected a name', at);
  };
  const skipWhitespace = (at: number): number => {
    WHITESPACE.lastIndex = at;
    WHITESPACE.exec(source);
    return WHITESPACE.lastIndex;
  };

  const decode = (raw: string, at: number): string => {
    if (!raw.includes('&')) return raw;
    let out = '';
    let from = 0;
    for (let amp = raw.indexOf('&'); amp !== -1; amp = raw.indexOf('&', from)) {
      const semicolon = raw.indexOf(';', amp);
      const ref = semicolon === -1 ? '' : raw.slice(amp + 1, semicolon);
      let char: string | undefined;
      if (/^#[0-9]{1,7}$/.test(ref) || /^#x[0-9A-Fa-f]{1,6}$/.test(ref)) {
        const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        const allowed = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0x10ffff);
        if (allowed && code !== 0xfffe && code !== 0xffff) char = String.fromCodePoint(code);
      } else {
        char = PREDEFINED[ref];
      }
      if (char === undefined) fail(`unknown or malformed entity reference "&${ref.slice(0, 20)}${semicolon === -1 ? '' : ';'}"`, at + amp);
      out += raw.slice(from, amp) + char;
      from = semicolon + 1;
    }
    return out + raw.slice(from);
  };

  const resolve = (qname: string, scope: ReadonlyMap<string, string>, at: number, isAttribute: boolean): { local: string; ns: string | null } => {
    const colon = qname.indexOf(':');
    if (colon === -1) return { local: qname, ns: isAttribute ? null : (scope.get('') ?? null) };
    const prefix = qname.slice(0, colon);
    const ns = scope.get(prefix);
    if (ns === undefined) fail(`undeclared namespace prefix "${prefix}"`, at);
    return { local: qname.slice(colon + 1), ns: ns ?? null };
  };

  const stack: OpenElement[] = [];
  let root: XmlElement | null = null;
  let pos = 0;
  const rootScope: ReadonlyMap<string, string> = new Map([['xml', XML_NAMESPACE]]);

  while (pos < source.length) {
    const lt = source.indexOf('<', pos);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > pos) {
      const raw = source.slice(pos, textEnd);
      const top = stack.at(-1);
      if (top) top.element.text += decode(raw, pos);
      else if (!ONLY_WHITESPACE.test(raw)) fail(root ? 'text after the root element' : 'text before the root element', pos);
    }
    if (lt === -1) break;

    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt + 4);
      if (end === -1) fail('unterminated comment', lt);
      pos = end + 3;
    } else if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt + 9);
      const top = stack.at(-1);
      if (end === -1) fail('unterminated CDATA section', lt);
      if (!top) fail('CDATA outside the root element', lt);
      else top.element.text += source.slice(lt + 9, end);
      pos = end + 3;
    } else if (source.startsWith('<?', lt)) {
      const end = source.indexOf('?>', lt + 2);
      if (end === -1) fail('unterminated processing instruction', lt);
      const target = readName(lt + 2);
      if (target.toLowerCase() === 'xml' && lt !== 0) fail('the XML declaration must come first', lt);
      pos = end + 2;
    } else if (source.startsWith('<!', lt)) {
      fail('DOCTYPE and other declarations are not allowed', lt);
    } else if (source.startsWith('</', lt)) {
      const name = readName(lt + 2);
      const close = skipWhitespace(lt + 2 + name.length);
      if (source[close] !== '>') fail(`expected ">" to end </${name}`, close);
      const open = stack.pop();
      if (!open) fail(`end tag </${name}> without a start tag`, lt);
      else if (open.element.qname !== name) fail(`end tag </${name}> does not match <${open.element.qname}>`, lt);
      pos = close + 1;
    } else {
      const qname = readName(lt + 1);
      if (!stack.length && root) fail('a second root element', lt);
      let at = lt + 1 + qname.length;
      const rawAttributes: Array<[string, string, number]> = [];
      let selfClosing = false;
      for (;;) {
        const afterSpace = skipWhitespace(at);
        if (source.startsWith('/>', afterSpace)) {
          selfClosing = true;
          at = afterSpace + 2;
          break;
        }
        if (source[afterSpace] === '>') {
          at = afterSpace + 1;
          break;
        }
        if (afterSpace >= source.length) fail(`unterminated start tag <${qname}`, lt);
        if (afterSpace === at) fail(`expected whitespace, ">" or "/>" in <${qname}`, at);
        const attrName = readName(afterSpace);
        const eq = skipWhitespace(afterSpace + attrName.length);
        if (source[eq] !== '=') fail(`expected "=" after attribute ${attrName}`, eq);
        const quoteAt = skipWhitespace(eq + 1);
        const quote = source[quoteAt];
        if (quote !== '"' && quote !== "'") fail(`expected a quoted value for attribute ${attrName}`, quoteAt);
        const valueEnd = source.indexOf(quote ?? '"', quoteAt + 1);
        if (valueEnd === -1) fail(`unterminated value of attribute ${attrName}`, quoteAt);
        const raw = source.slice(quoteAt + 1, valueEnd);
        if (raw.includes('<')) fail(`"<" in the value of attribute ${attrName}`, quoteAt);
        if (rawAttributes.some(([n]) => n === attrName)) fail(`duplicate attribute ${attrName}`, afterSpace);
        // Literal tabs and line breaks in a value read as spaces (XML attribute-value normalisation).
        rawAttributes.push([attrName, decode(raw.replace(/[\t\r\n]/g, ' '), quoteAt + 1), afterSpace]);
        at = valueEnd + 1;
      }

      const parentScope = stack.at(-1)?.scope ?? rootScope;
      let scope = parentScope;
      for (const [name, value] of rawAttributes) {
        if (name === 'xmlns' || name.startsWith('xmlns:')) {
          if (scope === parentScope) scope = new Map(parentScope);
          (scope as Map<string, string>).set(name === 'xmlns' ? '' : name.slice(6), value);
        }
      }
      const attributes = new Map<string, string>();
      for (const [name, value, attrAt] of rawAttributes) {
        if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
        const { local, ns } = resolve(name, scope, attrAt, true);
        attributes.set(ns ? `{${ns}}${local}` : local, value);
      }
      const { local, ns } = resolve(qname, scope, lt, false);
      const element: XmlElement = { qname, localName: local, namespace: ns, attributes, children: [], text: '', offset: lt };
      const parent = stack.at(-1);
      if (parent) parent.element.children.push(element);
      else root = element;
      if (!selfClosing) stack.push({ element, scope });
      pos = at;
    }
  }

  const unclosed = stack.at(-1);
  if (unclosed) fail(`<${unclosed.element.qname}> is never closed`, unclosed.element.offset);
  return root ?? fail('no root element', 0);
}
