import { describe, expect, it } from 'vitest';
import { parseXml, XmlSyntaxError } from './xml.ts';

describe('parseXml', () => {
  it('resolves default and prefixed namespaces, scoped to the element that declares them', () => {
    const root = parseXml('<a xmlns="urn:one" xmlns:t="urn:two"><t:b x="1" t:y="2"><c xmlns="urn:three"/></t:b><d/></a>');
    expect(root).toMatchObject({ localName: 'a', namespace: 'urn:one' });
    const [b, d] = root.children;
    expect(b).toMatchObject({ qname: 't:b', localName: 'b', namespace: 'urn:two' });
    // Unprefixed attributes are in no namespace; prefixed ones in theirs.
    expect([...(b?.attributes ?? [])]).toEqual([
      ['x', '1'],
      ['{urn:two}y', '2'],
    ]);
    expect(b?.children[0]).toMatchObject({ localName: 'c', namespace: 'urn:three' });
    expect(d).toMatchObject({ localName: 'd', namespace: 'urn:one' });
  });

  it('decodes the predefined entities, character references and CDATA, and skips comments and the declaration', () => {
    const root = parseXml(
      '\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<!-- c --><a q="&quot;&#x41;&apos;">x &lt;&amp;&gt; &#8364;<!-- inner --><![CDATA[<&>]]></a>\n<!-- after -->\n',
    );
    expect(root.text).toBe('x <&> €<&>');
    expect(root.attributes.get('q')).toBe('"A\'');
  });

  it.each([
    ['', /no root element/],
    ['<a>', /<a> is never closed/],
    ['<a></b>', /end tag <\/b> does not match <a>/],
    ['</a>', /end tag <\/a> without a start tag/],
    ['<a/><b/>', /a second root element/],
    ['x<a/>', /text before the root element/],
    ['<a/>x', /text after the root element/],
    ['<a>&nbsp;</a>', /unknown or malformed entity reference "&nbsp;"/],
    ['<a>&amp</a>', /unknown or malformed entity/],
    ['<a>&#0;</a>', /unknown or malformed entity reference "&#0;"/],
    ['<a x="1" x="2"/>', /duplicate attribute x/],
    ['<a x=1/>', /expected a quoted value for attribute x/],
    ['<a x="<"/>', /"<" in the value of attribute x/],
    ['<a x="1"y="2"/>', /expected whitespace/],
    ['<p:a/>', /undeclared namespace prefix "p"/],
    ['<!DOCTYPE a><a/>', /DOCTYPE/],
    [' <?xml version="1.0"?><a/>', /the XML declaration must come first/],
    ['<a><!-- open</a>', /unterminated comment/],
    ['<a><![CDATA[x</a>', /unterminated CDATA/],
    ['<1a/>', /expected a name/],
  ])('refuses %j', (source, message) => {
    expect(() => parseXml(source)).toThrow(XmlSyntaxError);
    expect(() => parseXml(source)).toThrow(message);
  });
});
