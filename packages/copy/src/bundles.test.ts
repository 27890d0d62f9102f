import { describe, expect, it } from 'vitest';
import { copyBundles, loadCopyBundle } from './bundles.ts';
import type { CopyTree } from './types.ts';

function leaves(tree: CopyTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

const texts = (language: keyof typeof copyBundles) => leaves(copyBundles[language] as CopyTree);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('copy bundles', () => {
  const english = texts('en');

  it.each(['sv', 'nb', 'nn', 'fi', 'de'] as const)('%s has exactly the English keys, none empty', (language) => {
    const bundle = texts(language);
    expect([...bundle.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of bundle) expect(text.trim(), key).not.toBe('');
  });

  it.each(['sv', 'nb', 'nn', 'fi', 'de'] as const)('%s uses the same placeholders as English', (language) => {
    for (const [key, text] of texts(language)) {
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it('has a text for every error key the portal shows', () => {
    const keys = [
      'couldNotConnectToServer', 'couldNotParseData', 'tooManyRequests', 'MISSING_USER', 'USER_NOT_FOUND',
      'WRONG_PASSWORD', 'TOO_MANY_ATTEMPTS', 'VALIDATION_FAILED', 'TOKEN_EXPIRED', 'INVALID_TOKEN',
      'MISSING_TOKEN', 'MISSING_INVOICE_FILE', 'MISSING_ACCOUNT_ID', 'NOT_FOUND', 'INTERNAL_ERROR', 'generic',
    ];
    for (const key of keys) expect(english.has(`shared.errors.${key}`), key).toBe(true);
  });

  it('loads one language on demand: its portal texts, without the invoice document labels', async () => {
    const { invoiceDocument, ...shared } = copyBundles.sv.shared ?? {};
    expect(invoiceDocument).toBeDefined();
    await expect(loadCopyBundle('sv')).resolves.toEqual({ ...copyBundles.sv, shared });
  });
});
