import { describe, expect, it } from 'vitest';
import { hasDocument, totalAmount } from './invoice-format.ts';

describe('totalAmount', () => {
  it('reads the totalAmount entry', () => {
    expect(totalAmount({ info: [{ key: 'vat', value: 10 }, { key: 'totalAmount', value: 1234.5 }] })).toBe(1234.5);
    expect(totalAmount({ info: [{ key: 'totalAmount', value: '1234.50' }] })).toBe(1234.5);
    expect(totalAmount({ info: [{ key: 'totalAmount', value: '1 234,50' }] })).toBe(1234.5);
  });

  it('is null without a readable total', () => {
    expect(totalAmount({ info: [] })).toBeNull();
    expect(totalAmount({ info: [{ key: 'totalAmount', value: 'n/a' }] })).toBeNull();
  });
});

describe('hasDocument', () => {
  const provider = { name: 'demo', documentId: 'aaaaaaaaaaaaaaaaaaaaaaaa' };
  it('is false only for the type missing', () => {
    expect(hasDocument({ invoice: { type: 'pdf', provider } })).toBe(true);
    expect(hasDocument({ invoice: { type: 'missing', provider } })).toBe(false);
  });
});
