import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '@gridline/copy/admin/en';
import sv from '@gridline/copy/admin/sv';
import { commentText } from './comment-text.ts';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { admin: en, shared: { errors: { unknownError: 'Something went wrong' } } }, sv: { admin: sv, shared: { errors: { unknownError: 'Något gick fel' } } } },
  lng: 'sv',
  ns: ['admin', 'shared'],
  defaultNS: 'admin',
  fallbackNS: 'shared',
  interpolation: { escapeValue: false },
});
const t = i18n.getFixedT('sv');
const system = { system: true, text: 'The themes draft changed after the approval, so the approval was taken back.' };

describe("a change request's comment in the reader's language", () => {
  it('words a system comment from its key, with the part by its name (Swedish for a solvik staff member)', () => {
    expect(commentText(t, { ...system, systemKey: 'approvalWithdrawn', params: { part: 'themes' } })).toBe(
      'Utkastet för Tema ändrades efter godkännandet, så godkännandet drogs tillbaka.',
    );
    expect(commentText(t, { ...system, systemKey: 'scheduleSuspended', params: { part: 'feature-flags' } })).toMatch(/^Utkastet för Funktionsflaggor ändrades efter att begäran schemalagts/);
    expect(commentText(t, { ...system, systemKey: 'approved' })).toBe('Godkänd');
    expect(commentText(i18n.getFixedT('en'), { ...system, systemKey: 'approvalWithdrawnScheduled', params: { part: 'modules' } })).toBe(
      'The draft of Home modules changed after the approval, so the approval was taken back. The schedule waits for a new approval.',
    );
  });

  it("words an error key by the error's text", () => {
    expect(commentText(t, { ...system, systemKey: 'notPublishedAtTime', params: { error: 'NO_SUCH_KEY_ANYWHERE' } })).toBe('Publicerades inte vid den schemalagda tiden: Något gick fel');
  });

  it("shows a person's comment and an older system comment (no key) as written", () => {
    expect(commentText(t, { system: false, text: 'Nice' })).toBe('Nice');
    expect(commentText(t, system)).toBe(system.text);
  });
});
