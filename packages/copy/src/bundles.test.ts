import { describe, expect, it } from 'vitest';
import { languages } from '@gridline/contracts/enums';
import { errorCatalogue } from '@gridline/contracts/errors';
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

  it('has a text for every error key of the API and of the client (spec 000 §8)', () => {
    const keys = [...Object.keys(errorCatalogue), 'couldNotConnectToServer', 'couldNotParseData', 'tooManyRequests', 'timeout', 'generic'];
    const missing = keys.filter((key) => !english.has(`shared.errors.${key}`));
    expect(missing, 'error keys without an English text (the other languages must have the same keys)').toEqual([]);
  });

  it('has a BankID message for every hint code the user can meet', () => {
    const hintCodes = [
      'outstandingTransaction',
      'noClient',
      'started',
      'userSign',
      'expiredTransaction',
      'certificateErr',
      'userCancel',
      'cancelled',
      'startFailed',
    ];
    for (const code of hintCodes) expect(english.has(`shared.bankid.${code}`), code).toBe(true);
  });

  it('uses the BankID wording of the relying-party guidelines in Swedish and English', () => {
    const sv = texts('sv');
    expect(sv.get('shared.bankid.userSign')).toBe('Skriv in din säkerhetskod i BankID-appen och välj Identifiera eller Skriv under.');
    expect(sv.get('shared.bankid.userCancel')).toBe('Åtgärden avbröts.');
    expect(english.get('shared.bankid.noClient')).toBe('Start your BankID app.');
  });

  it('names the months 1 to 12 in full and short', () => {
    for (const language of languages) {
      const bundle = texts(language);
      for (let month = 1; month <= 12; month += 1) {
        expect(bundle.get(`shared.months.${month}`), `${language} ${month}`).toBeTruthy();
        expect(bundle.get(`shared.monthsShort.${month}`), `${language} ${month}`).toBeTruthy();
      }
    }
    expect(texts('de').get('shared.months.1')).toBe('Jänner');
    expect(texts('sv').get('shared.months.5')).toBe('maj');
  });

  it('names every language by its own name, the same in every bundle (the language select)', () => {
    const own = { sv: 'Svenska', en: 'English', nb: 'Norsk bokmål', nn: 'Nynorsk', fi: 'Suomi', de: 'Deutsch' };
    for (const bundle of languages) {
      for (const language of languages) expect(texts(bundle).get(`shared.languageNames.${language}`), `${bundle} ${language}`).toBe(own[language]);
    }
  });

  it('has the units the portal shows', () => {
    const units = [
      'kWh',
      'kr',
      'gCO2',
      'kg',
      'degreesCelsius',
      'percent',
      'm3',
      'kW',
      'W',
      'currency.SEK',
      'currency.NOK',
      'currency.EUR',
      'subUnit.SEK',
      'subUnit.NOK',
      'subUnit.EUR',
    ];
    for (const unit of units) expect(english.has(`shared.units.${unit}`), unit).toBe(true);
  });

  it('loads one language on demand: its portal texts, without the invoice document labels', async () => {
    const { invoiceDocument, ...shared } = copyBundles.sv.shared ?? {};
    expect(invoiceDocument).toBeDefined();
    await expect(loadCopyBundle('sv')).resolves.toEqual({ ...copyBundles.sv, shared });
  });
});
