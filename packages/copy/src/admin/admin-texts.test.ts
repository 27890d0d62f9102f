import { describe, expect, it } from 'vitest';
import { languages } from '@gridline/contracts/enums';
import type { CopyTree } from '../types.ts';
import { loadAdminTexts } from './load-admin-texts.ts';

function leaves(tree: CopyTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("the back office's texts", () => {
  it.each(languages.filter((l) => l !== 'en'))('%s has the English keys, none empty, with the same placeholders', async (language) => {
    const english = leaves((await loadAdminTexts('en')) as CopyTree);
    const texts = leaves((await loadAdminTexts(language)) as CopyTree);
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of texts) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it('are translated: no language but English repeats more than a few English texts', async () => {
    const english = leaves((await loadAdminTexts('en')) as CopyTree);
    for (const language of languages.filter((l) => l !== 'en')) {
      const texts = leaves((await loadAdminTexts(language)) as CopyTree);
      // Names of languages, codes and a few words the same in both (E-mail, Code) may repeat.
      const same = [...texts]
        .filter(([key, text]) => !key.startsWith('languages.') && text.replace(/\{\{\w+\}\}/g, '').length > 15 && text === english.get(key))
        .map(([key]) => key);
      expect(same, language).toEqual([]);
    }
  });
});
