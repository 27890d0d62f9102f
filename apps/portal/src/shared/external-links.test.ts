import { describe, expect, it } from 'vitest';
import { safeUrl, splitInvoiceUrl } from './external-links.ts';

describe('safeUrl', () => {
  it('keeps http(s) addresses and paths on this site', () => {
    expect(safeUrl('https://split.example.com/invoice?n=')).toBe('https://split.example.com/invoice?n=');
    expect(safeUrl('http://intra.example/x')).toBe('http://intra.example/x');
    expect(safeUrl(' /demo/split-invoice?invoice= ')).toBe('/demo/split-invoice?invoice=');
  });

  it('leaves out other schemes, protocol-relative addresses, text and nothing', () => {
    for (const value of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/x', '/\\evil.example', 'not a url', '', '   ', null, undefined]) {
      expect(safeUrl(value), String(value)).toBeNull();
    }
  });
});

describe('splitInvoiceUrl', () => {
  it('appends the invoice number, encoded', () => {
    expect(splitInvoiceUrl('/demo/split-invoice?invoice=', '2025-0042')).toBe('/demo/split-invoice?invoice=2025-0042');
    expect(splitInvoiceUrl('https://x.example/split/', 'A&B 1')).toBe('https://x.example/split/A%26B%201');
  });
});
