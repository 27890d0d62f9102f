import type { Language } from '@gridline/contracts/enums';

/**
 * Labels of the invoice PDF (`apps/server/src/modules/invoices/document.ts`). Placeholders in
 * braces (`{page}`, `{pages}`, `{rate}`) are filled in by the renderer.
 */
export interface InvoiceDocumentTexts {
  /** Document title, e.g. 'Invoice'. */
  title: string;
  invoiceNumber: string;
  /** The payment reference: OCR (SE), KID (NO), viitenumero (FI), Zahlungsreferenz (AT). */
  ocr: string;
  period: string;
  dueDate: string;
  invoiceDate: string;
  customerNumber: string;
  /** Heading of the customer block. */
  customer: string;
  /** Table column headings. */
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  /** Sum of the lines before VAT. */
  subtotal: string;
  /** VAT row; `{rate}` is the formatted percentage, e.g. 'VAT 25 %'. */
  vat: string;
  /** The amount to pay. */
  total: string;
  /** Label of the payment status. */
  status: string;
  statuses: {
    PAID: string;
    UNPAID: string;
    CREDITED: string;
    REMINDED: string;
  };
  /** Names of the invoice lines by their key. */
  lines: {
    energy: string;
    gridFee: string;
    energyTax: string;
    monthlyFee: string;
    vat: string;
  };
  /** Page footer, e.g. 'Page {page} of {pages}'. */
  page: string;
}

const en: InvoiceDocumentTexts = {
  title: 'Invoice',
  invoiceNumber: 'Invoice number',
  ocr: 'Payment reference',
  period: 'Billing period',
  dueDate: 'Due date',
  invoiceDate: 'Invoice date',
  customerNumber: 'Customer number',
  customer: 'Customer',
  description: 'Description',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  amount: 'Amount',
  subtotal: 'Subtotal excl. VAT',
  vat: 'VAT {rate}',
  total: 'Total to pay',
  status: 'Status',
  statuses: { PAID: 'Paid', UNPAID: 'Unpaid', CREDITED: 'Credited', REMINDED: 'Reminder sent' },
  lines: { energy: 'Electricity', gridFee: 'Grid fee', energyTax: 'Energy tax', monthlyFee: 'Monthly fee', vat: 'VAT' },
  page: 'Page {page} of {pages}',
};

const sv: InvoiceDocumentTexts = {
  title: 'Faktura',
  invoiceNumber: 'Fakturanummer',
  ocr: 'OCR-nummer',
  period: 'Period',
  dueDate: 'Förfallodatum',
  invoiceDate: 'Fakturadatum',
  customerNumber: 'Kundnummer',
  customer: 'Kund',
  description: 'Beskrivning',
  quantity: 'Antal',
  unitPrice: 'À-pris',
  amount: 'Belopp',
  subtotal: 'Summa exkl. moms',
  vat: 'Moms {rate}',
  total: 'Att betala',
  status: 'Status',
  statuses: { PAID: 'Betald', UNPAID: 'Obetald', CREDITED: 'Krediterad', REMINDED: 'Påminnelse skickad' },
  lines: { energy: 'Elenergi', gridFee: 'Elnätsavgift', energyTax: 'Energiskatt', monthlyFee: 'Månadsavgift', vat: 'Moms' },
  page: 'Sida {page} av {pages}',
};

const nb: InvoiceDocumentTexts = {
  title: 'Faktura',
  invoiceNumber: 'Fakturanummer',
  ocr: 'KID-nummer',
  period: 'Periode',
  dueDate: 'Forfallsdato',
  invoiceDate: 'Fakturadato',
  customerNumber: 'Kundenummer',
  customer: 'Kunde',
  description: 'Beskrivelse',
  quantity: 'Antall',
  unitPrice: 'Enhetspris',
  amount: 'Beløp',
  subtotal: 'Sum eks. mva.',
  vat: 'Mva. {rate}',
  total: 'Å betale',
  status: 'Status',
  statuses: { PAID: 'Betalt', UNPAID: 'Ubetalt', CREDITED: 'Kreditert', REMINDED: 'Purret' },
  lines: { energy: 'Strøm', gridFee: 'Nettleie', energyTax: 'Elavgift', monthlyFee: 'Fastbeløp', vat: 'Mva.' },
  page: 'Side {page} av {pages}',
};

const nn: InvoiceDocumentTexts = {
  title: 'Faktura',
  invoiceNumber: 'Fakturanummer',
  ocr: 'KID-nummer',
  period: 'Periode',
  dueDate: 'Forfallsdato',
  invoiceDate: 'Fakturadato',
  customerNumber: 'Kundenummer',
  customer: 'Kunde',
  description: 'Skildring',
  quantity: 'Mengd',
  unitPrice: 'Einingspris',
  amount: 'Beløp',
  subtotal: 'Sum utan mva.',
  vat: 'Mva. {rate}',
  total: 'Å betale',
  status: 'Status',
  statuses: { PAID: 'Betalt', UNPAID: 'Ikkje betalt', CREDITED: 'Kreditert', REMINDED: 'Purra' },
  lines: { energy: 'Straum', gridFee: 'Nettleige', energyTax: 'Elavgift', monthlyFee: 'Fastbeløp', vat: 'Mva.' },
  page: 'Side {page} av {pages}',
};

const fi: InvoiceDocumentTexts = {
  title: 'Lasku',
  invoiceNumber: 'Laskun numero',
  ocr: 'Viitenumero',
  period: 'Laskutuskausi',
  dueDate: 'Eräpäivä',
  invoiceDate: 'Laskun päiväys',
  customerNumber: 'Asiakasnumero',
  customer: 'Asiakas',
  description: 'Selite',
  quantity: 'Määrä',
  unitPrice: 'Yksikköhinta',
  amount: 'Summa',
  subtotal: 'Veroton yhteensä',
  vat: 'ALV {rate}',
  total: 'Maksettava yhteensä',
  status: 'Tila',
  statuses: { PAID: 'Maksettu', UNPAID: 'Maksamatta', CREDITED: 'Hyvitetty', REMINDED: 'Maksumuistutus lähetetty' },
  lines: { energy: 'Sähköenergia', gridFee: 'Sähkönsiirto', energyTax: 'Sähkövero', monthlyFee: 'Perusmaksu', vat: 'ALV' },
  page: 'Sivu {page}/{pages}',
};

const de: InvoiceDocumentTexts = {
  title: 'Rechnung',
  invoiceNumber: 'Rechnungsnummer',
  ocr: 'Zahlungsreferenz',
  period: 'Abrechnungszeitraum',
  dueDate: 'Fällig am',
  invoiceDate: 'Rechnungsdatum',
  customerNumber: 'Kundennummer',
  customer: 'Kunde',
  description: 'Bezeichnung',
  quantity: 'Menge',
  unitPrice: 'Einzelpreis',
  amount: 'Betrag',
  subtotal: 'Summe netto',
  vat: 'USt. {rate}',
  total: 'Zu zahlender Betrag',
  status: 'Status',
  statuses: { PAID: 'Bezahlt', UNPAID: 'Offen', CREDITED: 'Gutgeschrieben', REMINDED: 'Gemahnt' },
  lines: { energy: 'Energie', gridFee: 'Netzentgelt', energyTax: 'Elektrizitätsabgabe', monthlyFee: 'Grundgebühr', vat: 'USt.' },
  page: 'Seite {page} von {pages}',
};

export const invoiceDocumentTexts: Readonly<Record<Language, InvoiceDocumentTexts>> = { en, sv, nb, nn, fi, de };
