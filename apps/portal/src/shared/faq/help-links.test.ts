import { describe, expect, it } from 'vitest';
import { accessibilityStatementUrl, phoneHref } from './help-links.ts';

describe('accessibilityStatementUrl', () => {
  it('carries the organisation in the org parameter', () => {
    expect(accessibilityStatementUrl('/demo/accessibility-statement', 'solvik')).toBe('/demo/accessibility-statement?org=solvik');
    expect(accessibilityStatementUrl('https://platform.example/a11y', 'koivu')).toBe('https://platform.example/a11y?org=koivu');
  });

  it('keeps other parameters and the fragment, and replaces an org already there', () => {
    expect(accessibilityStatementUrl('https://platform.example/a11y?lang=sv#contact', 'solvik')).toBe(
      'https://platform.example/a11y?lang=sv&org=solvik#contact',
    );
    expect(accessibilityStatementUrl('https://platform.example/a11y?org=other', 'solvik')).toBe('https://platform.example/a11y?org=solvik');
    expect(accessibilityStatementUrl('/a11y', 'a b&c')).toBe('/a11y?org=a+b%26c');
  });

  it('has no link without a usable address', () => {
    expect(accessibilityStatementUrl(undefined, 'solvik')).toBeNull();
    expect(accessibilityStatementUrl('', 'solvik')).toBeNull();
    expect(accessibilityStatementUrl('javascript:alert(1)', 'solvik')).toBeNull();
    expect(accessibilityStatementUrl('//evil.example/a11y', 'solvik')).toBeNull();
  });
});

describe('phoneHref', () => {
  it('dials the digits of a number as written', () => {
    expect(phoneHref('+46 21 10 20 30')).toBe('tel:+4621102030');
    expect(phoneHref('022-10 20 30')).toBe('tel:022102030');
    expect(phoneHref('call us')).toBeNull();
  });
});
