import { describe, expect, it } from 'vitest';
import { PortalFlags } from '@gridline/contracts/settings';
import { faqHidden, faqSections } from './faq-items.ts';

describe('faqSections', () => {
  it('builds the topics in the spec order, each pair in its number order', () => {
    const sections = faqSections({
      environment: { '1': { question: 'Green?', answer: 'Yes.' } },
      invoices: {
        '10': { question: 'Tenth?', answer: 'Ten.' },
        '2': { question: 'Second?', answer: 'Two.' },
        '1': { question: 'First?', answer: 'One.' },
      },
    });
    expect(sections.map((s) => s.topic)).toEqual(['invoices', 'environment']);
    expect(sections[0]?.pairs.map((p) => p.key)).toEqual(['1', '2', '10']);
    expect(sections[0]?.pairs[0]).toEqual({ key: '1', question: 'First?', answer: 'One.' });
  });

  it('drops a pair without a question or an answer, or with only blanks, and a topic left empty', () => {
    const sections = faqSections({
      invoices: {
        '1': { question: 'Kept?', answer: 'Yes.' },
        '2': { question: 'No answer?' },
        '3': { question: '  ', answer: 'No question.' },
        '4': { question: 'Blank answer?', answer: '' },
        '5': 'not a pair',
      },
      app: { '1': { question: '', answer: '' } },
      misc: {},
    });
    expect(sections).toEqual([{ topic: 'invoices', pairs: [{ key: '1', question: 'Kept?', answer: 'Yes.' }] }]);
  });

  it('ignores unknown topics and trims the texts', () => {
    expect(faqSections({ other: { '1': { question: 'Q', answer: 'A' } } })).toEqual([]);
    expect(faqSections({ misc: { '1': { question: ' Q? ', answer: ' A. ' } } })[0]?.pairs[0]).toMatchObject({ question: 'Q?', answer: 'A.' });
  });

  it('has nothing without a tree of items', () => {
    expect(faqSections(undefined)).toEqual([]);
    expect(faqSections('faq')).toEqual([]);
  });
});

describe('faqHidden', () => {
  const some = faqSections({ app: { '1': { question: 'Q', answer: 'A' } } });
  it('hides the page with HIDE_FAQ or without any item', () => {
    expect(faqHidden({ flags: PortalFlags.parse({}) }, some)).toBe(false);
    expect(faqHidden({ flags: PortalFlags.parse({ HIDE_FAQ: true }) }, some)).toBe(true);
    expect(faqHidden({ flags: PortalFlags.parse({}) }, [])).toBe(true);
  });
});
