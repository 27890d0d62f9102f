import { describe, expect, it } from 'vitest';
import { isCopyKey, placeholderMismatch, placeholdersOf } from './copy-texts.ts';

describe('copy text rules', () => {
  it('reads the placeholders of a text, each once, sorted, with spaces and formats', () => {
    expect(placeholdersOf('Hello {{name}}, you have {{count}} new {{ count }}')).toEqual(['count', 'name']);
    expect(placeholdersOf('{{value, number}} kWh')).toEqual(['value']);
    expect(placeholdersOf('No placeholders { single } {{}}')).toEqual([]);
  });

  it('names every language when the non-empty texts of a key disagree, and nothing when they agree', () => {
    expect(placeholderMismatch({ en: 'Hi {{name}}', sv: 'Hej {{name}}', fi: null, de: '' })).toEqual([]);
    expect(placeholderMismatch({ en: 'Hi {{name}}', sv: 'Hej {{namn}}' })).toEqual([
      { language: 'en', placeholders: ['name'] },
      { language: 'sv', placeholders: ['namn'] },
    ]);
    expect(placeholderMismatch({ en: 'Hi', sv: 'Hej {{name}}' }).map((m) => m.language)).toEqual(['en', 'sv']);
    expect(placeholderMismatch({})).toEqual([]);
  });

  it('takes the keys the table takes, and no prototype path', () => {
    for (const key of ['dashboard.title', 'a', 'faq.items.1.answer', 'x_y-z']) expect(isCopyKey(key), key).toBe(true);
    for (const key of ['', '.a', 'a.', 'a..b', 'a b', 'ä', '__proto__.x', 'a.constructor', 'a'.repeat(201)]) expect(isCopyKey(key), key).toBe(false);
  });
});
