import PDFDocument from 'pdfkit';
import type { Language } from '@gridline/contracts/enums';
import type { InvoiceDocumentTexts } from '@gridline/copy/documents/invoice-document';
import { formatAmount } from '@gridline/locale/amounts';
import { formatDate } from '@gridline/locale/dates';
import type { Currency } from '@gridline/locale/languages';
import { NBSP, formatNumber } from '@gridline/locale/numbers';

/**
 * The invoice document: an A4 PDF drawn with pdfkit's built-in Helvetica (WinAnsi encoding,
 * which covers å ä ö ø æ ß and €). Numbers, amounts and dates come from @gridline/locale, so
 * the PDF matches the portal's formatting. Output is byte-for-byte repeatable for the same
 * input (the PDF's creation date is the invoice date).
 */

export interface InvoiceDocumentLine {
  key: string;
  quantity?: number;
  unit?: string;
  unitPrice?: number;
  amount: number;
}

export interface InvoiceDocumentInput {
  organisation: {
    name: string;
    country: string;
    currency: string;
    /** The organisation's theme; `primaryColor` / `secondaryColor` ('#rrggbb') are used. */
    theme?: Record<string, unknown> | null;
  };
  customer: {
    name: string;
    customerNumber: string;
    address?: { street: string; zipcode: string; city: string } | null;
  };
  invoice: {
    invoiceNumber: string;
    ocr: string;
    month: string;
    startDate: string;
    endDate: string;
    dueDate: string | null;
    createDate: string;
    currency: string;
    invoiceStatus: string;
    lines: readonly InvoiceDocumentLine[];
    info: ReadonlyArray<{ key: string; value: string | number }>;
  };
  language: Language;
  /** For instants; calendar dates ('YYYY-MM-DD') are never shifted. */
  timeZone: string;
  texts: InvoiceDocumentTexts;
}

export interface RenderInvoicePdfOptions {
  /** Compress the page streams (default true). Tests turn it off to read the text. */
  compress?: boolean;
}

const DEFAULT_PRIMARY = '#0b5cad';
const DEFAULT_SECONDARY = '#f2a900';
const TEXT = '#1f2933';
const MUTED = '#6b7280';
const RULE = '#d9dde3';

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Table columns: description, quantity, unit price, amount. */
const COLUMNS = [
  { x: PAGE.margin, width: 205, align: 'left' },
  { x: PAGE.margin + 205, width: 90, align: 'right' },
  { x: PAGE.margin + 295, width: 100, align: 'right' },
  { x: PAGE.margin + 395, width: 100, align: 'right' },
] as const;

const currencies: readonly string[] = ['SEK', 'NOK', 'EUR'];

function colour(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : fallback;
}

/** Keep to what the built-in fonts can draw: narrow and thin spaces become no-break spaces. */
function printable(text: string): string {
  return text.replace(/[\u202f\u2009\u2007]/g, NBSP).replace(/\u2212/g, '-');
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole).replace(/\s+$/, '');
}

function makeFormatters(language: Language, currencyCode: string, timeZone: string) {
  const known = currencies.includes(currencyCode);
  const currency = currencyCode as Currency;
  const money = (value: number): string =>
    known
      ? formatAmount(value, currency, language, { decimals: 2, subUnits: false })
      : `${formatNumber(value, language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${NBSP}${currencyCode}`;
  // Unit prices read best in öre/øre/cent when below 1: '74,92 öre/kWh', '8,49 snt/kWh'.
  const unitPrice = (value: number, unit: string | undefined): string => {
    const price = known
      ? formatAmount(value, currency, language, { decimals: 4 })
      : `${formatNumber(value, language, { minimumFractionDigits: 2, maximumFractionDigits: 4 })}${NBSP}${currencyCode}`;
    return unit ? `${price}/${unit}` : price;
  };
  const quantity = (value: number, unit: string | undefined): string => {
    const number = formatNumber(value, language, { maximumFractionDigits: 2 });
    return unit ? `${number}${NBSP}${unit}` : number;
  };
  const percent = (value: number): string => {
    const number = formatNumber(value, language, { maximumFractionDigits: 1 });
    return language === 'en' ? `${number}%` : `${number}${NBSP}%`;
  };
  const date = (value: string | null): string => (value ? formatDate(value, language, timeZone) : '–');
  return { money, unitPrice, quantity, percent, date };
}

/** Renders the invoice as a PDF. */
export async function renderInvoicePdf(input: InvoiceDocumentInput, options: RenderInvoicePdfOptions = {}): Promise<Buffer> {
  const { organisation, customer, invoice, texts, language } = input;
  const primary = colour(organisation.theme?.primaryColor, DEFAULT_PRIMARY);
  const secondary = colour(organisation.theme?.secondaryColor, DEFAULT_SECONDARY);
  const format = makeFormatters(language, invoice.currency || organisation.currency, input.timeZone);

  const created = new Date(`${invoice.createDate}T00:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    compress: options.compress ?? true,
    bufferPages: true,
    lang: language,
    info: {
      Title: printable(`${texts.title} ${invoice.invoiceNumber}`),
      Author: printable(organisation.name),
      Subject: printable(`${texts.title} ${invoice.invoiceNumber} – ${organisation.name}`),
      ...(Number.isNaN(created.getTime()) ? {} : { CreationDate: created }),
    },
  });

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const text = (value: string, x: number, y: number, opts: PDFKit.Mixins.TextOptions = {}) => doc.text(printable(value), x, y, { lineBreak: false, ...opts });

  // ---- header: the organisation's name in its colour, the title on the right ----------------
  doc.font('Helvetica-Bold').fontSize(22).fillColor(primary);
  text(organisation.name, PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH * 0.65, ellipsis: true });
  doc.font('Helvetica').fontSize(20).fillColor(TEXT);
  text(texts.title, PAGE.margin, PAGE.margin + 2, { width: CONTENT_WIDTH, align: 'right' });
  doc.rect(PAGE.margin, PAGE.margin + 36, CONTENT_WIDTH, 3).fill(secondary);

  // ---- customer block (left) -----------------------------------------------------------------
  let y = PAGE.margin + 62;
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  text(texts.customer, PAGE.margin, y);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(TEXT);
  text(customer.name, PAGE.margin, y + 14, { width: 240, ellipsis: true });
  doc.font('Helvetica').fontSize(10);
  let customerY = y + 30;
  if (customer.address) {
    text(customer.address.street, PAGE.margin, customerY, { width: 240, ellipsis: true });
    text(`${customer.address.zipcode} ${customer.address.city}`, PAGE.margin, customerY + 14, { width: 240, ellipsis: true });
    customerY += 28;
  }

  // ---- invoice details (right) ---------------------------------------------------------------
  const status = texts.statuses[invoice.invoiceStatus as keyof InvoiceDocumentTexts['statuses']] ?? invoice.invoiceStatus;
  const details: Array<[string, string]> = [
    [texts.invoiceNumber, invoice.invoiceNumber],
    [texts.invoiceDate, format.date(invoice.createDate)],
    [texts.dueDate, format.date(invoice.dueDate)],
    [texts.customerNumber, customer.customerNumber],
    [texts.ocr, invoice.ocr],
    [texts.period, `${format.date(invoice.startDate)} – ${format.date(invoice.endDate)}`],
    [texts.status, status],
  ];
  const detailsX = PAGE.margin + 270;
  const detailsWidth = CONTENT_WIDTH - 270;
  for (const [label, value] of details) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED);
    text(label, detailsX, y, { width: 105 });
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor(TEXT);
    text(value, detailsX + 105, y, { width: detailsWidth - 105, align: 'right', ellipsis: true });
    y += 16;
  }
  y = Math.max(y, customerY) + 28;

  // ---- lines ---------------------------------------------------------------------------------
  const tableHeader = () => {
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, 22).fill(primary);
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#ffffff');
    const headings = [texts.description, texts.quantity, texts.unitPrice, texts.amount];
    COLUMNS.forEach((column, index) => {
      text(headings[index] ?? '', column.x + 6, y + 7, { width: column.width - 12, align: column.align });
    });
    y += 22;
  };
  tableHeader();

  const lineName = (key: string): string => texts.lines[key as keyof InvoiceDocumentTexts['lines']] ?? key;
  const itemLines = invoice.lines.filter((line) => line.key !== 'vat');
  const vatLines = invoice.lines.filter((line) => line.key === 'vat');
  doc.font('Helvetica').fontSize(9.5).fillColor(TEXT);
  for (const line of itemLines) {
    if (y > PAGE.height - PAGE.margin - 160) {
      doc.addPage();
      y = PAGE.margin;
      tableHeader();
      doc.font('Helvetica').fontSize(9.5).fillColor(TEXT);
    }
    const cells = [
      lineName(line.key),
      line.quantity === undefined ? '' : format.quantity(line.quantity, line.unit),
      line.unitPrice === undefined ? '' : format.unitPrice(line.unitPrice, line.unit),
      format.money(line.amount),
    ];
    COLUMNS.forEach((column, index) => {
      text(cells[index] ?? '', column.x + 6, y + 7, { width: column.width - 12, align: column.align, ellipsis: true });
    });
    y += 22;
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  // ---- sums: subtotal, VAT, total ------------------------------------------------------------
  const cents = (value: number) => Math.round(value * 100);
  const netCents = itemLines.reduce((sum, line) => sum + cents(line.amount), 0);
  const vatCents = vatLines.reduce((sum, line) => sum + cents(line.amount), 0);
  const infoTotal = invoice.info.find((entry) => entry.key === 'totalAmount')?.value;
  const total = infoTotal !== undefined && Number.isFinite(Number(infoTotal)) ? Number(infoTotal) : (netCents + vatCents) / 100;
  const rate = netCents > 0 && vatCents > 0 ? format.percent(Math.round((vatCents / netCents) * 1000) / 10) : '';

  const sumsX = PAGE.margin + 245;
  const sumsWidth = CONTENT_WIDTH - 245;
  const sumRow = (label: string, value: string) => {
    doc.font('Helvetica').fontSize(9.5).fillColor(TEXT);
    text(label, sumsX + 6, y + 7, { width: sumsWidth - 118 });
    text(value, sumsX + sumsWidth - 106, y + 7, { width: 100, align: 'right' });
    y += 20;
  };
  y += 8;
  sumRow(texts.subtotal, format.money(netCents / 100));
  sumRow(fill(texts.vat, { rate }), format.money(vatCents / 100));
  y += 4;
  doc.rect(sumsX, y, sumsWidth, 28).fill(primary);
  doc.font('Helvetica-Bold').fontSize(11.5).fillColor('#ffffff');
  text(texts.total, sumsX + 8, y + 9, { width: sumsWidth - 130 });
  text(format.money(total), sumsX + sumsWidth - 128, y + 9, { width: 120, align: 'right' });
  y += 44;

  // Payment summary under the total: reference and due date, the two things needed to pay.
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  text(`${texts.ocr}: ${invoice.ocr}   ·   ${texts.dueDate}: ${format.date(invoice.dueDate)}`, sumsX, y, { width: sumsWidth, align: 'right' });

  // ---- footer on every page ------------------------------------------------------------------
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing below the margin must not start a new page
    const footerY = PAGE.height - 36;
    doc
      .moveTo(PAGE.margin, footerY - 8)
      .lineTo(PAGE.margin + CONTENT_WIDTH, footerY - 8)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    text(organisation.name, PAGE.margin, footerY, { width: CONTENT_WIDTH / 2 });
    text(fill(texts.page, { page: String(index - range.start + 1), pages: String(range.count) }), PAGE.margin + CONTENT_WIDTH / 2, footerY, {
      width: CONTENT_WIDTH / 2,
      align: 'right',
    });
    doc.page.margins.bottom = bottom;
  }

  doc.end();
  return done;
}
