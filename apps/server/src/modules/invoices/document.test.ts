import { describe, expect, it } from 'vitest';
import { invoiceDocumentTexts } from '@gridline/copy/documents/invoice-document';
import { languages } from '@gridline/contracts/enums';
import { renderInvoicePdf, type InvoiceDocumentInput } from './document.ts';

const NBSP = '\u00a0';

const swedish: InvoiceDocumentInput = {
  organisation: {
    name: 'Solvik Energi',
    country: 'SE',
    currency: 'SEK',
    theme: { primaryColor: '#0B5D4B', secondaryColor: '#F2B705', borderRadius: 'MEDIUM', logoText: 'Solvik' },
  },
  customer: {
    name: 'Anna-Karin Lindqvist',
    customerNumber: '1205067',
    address: { street: 'Björnövägen 17', zipcode: '724 66', city: 'Västerås' },
  },
  invoice: {
    invoiceNumber: '1001174',
    ocr: '100117498',
    month: '2025-01',
    startDate: '2025-01-01',
    endDate: '2025-01-31',
    dueDate: '2025-03-02',
    createDate: '2025-02-03',
    currency: 'SEK',
    invoiceStatus: 'UNPAID',
    lines: [
      { key: 'energy', quantity: 1874, unit: 'kWh', unitPrice: 0.9123, amount: 1709.65 },
      { key: 'gridFee', quantity: 1874, unit: 'kWh', unitPrice: 0.28, amount: 524.72 },
      { key: 'energyTax', quantity: 1874, unit: 'kWh', unitPrice: 0.439, amount: 822.69 },
      { key: 'monthlyFee', amount: 369 },
      { key: 'vat', amount: 856.52 },
    ],
    info: [
      { key: 'totalAmount', value: 4282.58 },
      { key: 'consumption', value: 1874 },
    ],
  },
  language: 'sv',
  timeZone: 'Europe/Stockholm',
  texts: invoiceDocumentTexts.sv,
};

/** WinAnsi codes 0x80–0x9F that differ from Latin-1 (the ones a document may use). */
const winAnsi: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—' };

/**
 * The text shown on the pages of an uncompressed pdfkit PDF. pdfkit writes text with the
 * built-in fonts as `[<hex> kerning <hex> …] TJ`, the hex being WinAnsi codes (≈ Latin-1).
 */
function pageText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const shown: string[] = [];
  for (const match of raw.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ/g)) {
    const hex = [...(match[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1] ?? '').join('');
    shown.push([...Buffer.from(hex, 'hex')].map((code) => winAnsi[code] ?? String.fromCharCode(code)).join(''));
  }
  return shown.join('\n');
}

describe('renderInvoicePdf', () => {
  it('renders a Swedish invoice', async () => {
    const pdf = await renderInvoicePdf(swedish, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const shown = pageText(pdf);
    expect(shown).toContain('1001174');
    expect(shown).toContain('Solvik Energi');
    expect(shown).toContain('Faktura');
    expect(shown).toContain('OCR-nummer');
    expect(shown).toContain('100117498');
    expect(shown).toContain('Förfallodatum');
    expect(shown).toContain('2025-03-02');
    expect(shown).toContain('2025-01-01 – 2025-01-31');
    expect(shown).toContain('Elnätsavgift');
    expect(shown).toContain(`1${NBSP}874${NBSP}kWh`);
    expect(shown).toContain(`91,23${NBSP}öre/kWh`);
    expect(shown).toContain(`1${NBSP}709,65${NBSP}kr`);
    expect(shown).toContain(`Moms 25${NBSP}%`);
    expect(shown).toContain(`4${NBSP}282,58${NBSP}kr`);
    expect(shown).toContain('Obetald');
    expect(shown).toContain('Sida 1 av 1');
    // The organisation's primary colour is used (as an RGB fill: 0B5D4B).
    expect(pdf.toString('latin1')).toMatch(/0\.0431\d* 0\.3647\d* 0\.2941\d* scn/);
  });

  it('is repeatable and compresses by default', async () => {
    const [first, second] = await Promise.all([renderInvoicePdf(swedish), renderInvoicePdf(swedish)]);
    expect(first.equals(second)).toBe(true);
    expect(pageText(first)).not.toContain('1001174');
  });

  it('renders every language, falling back for unknown line keys and statuses', async () => {
    for (const language of languages) {
      const pdf = await renderInvoicePdf(
        {
          ...swedish,
          organisation: { name: 'Alpenwerk Energie', country: 'AT', currency: 'EUR', theme: {} },
          customer: { name: 'Katharina Gruber', customerNumber: '1205067' },
          invoice: {
            ...swedish.invoice,
            currency: 'EUR',
            dueDate: null,
            invoiceStatus: 'SOMETHING_NEW',
            lines: [
              { key: 'energy', quantity: 412.5, unit: 'kWh', unitPrice: 0.129, amount: 53.21 },
              { key: 'solarBonus', amount: -4 },
              { key: 'vat', amount: 9.84 },
            ],
            info: [],
          },
          language,
          texts: invoiceDocumentTexts[language],
        },
        { compress: false },
      );
      const shown = pageText(pdf);
      expect(shown).toContain(invoiceDocumentTexts[language].title);
      expect(shown).toContain('solarBonus');
      expect(shown).toContain('SOMETHING_NEW');
      expect(shown).toContain(language === 'en' ? '€59.05' : `59,05${NBSP}€`);
    }
  });
});
