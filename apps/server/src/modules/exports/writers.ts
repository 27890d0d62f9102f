import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvLine, decimalText, UTF8_BOM } from './format.ts';

/** One exported interval. */
export interface ExportRow {
  /** The local wall time of the interval's start, as the UTC fields of a timestamp. */
  wall: number;
  /** The same as `YYYY-MM-DD HH:mm`. */
  local: string;
  /** Decimal text (kWh or m3), null without a reading. */
  consumption: string | null;
  /** Decimal text in the organisation's currency, null when unknown. */
  cost: string | null;
  /** 0–100, null without a reading. */
  certainty: number | null;
  /** The reading status's name (15-minute rows only). */
  status: string | null;
}

export interface ExportTable {
  sheetName: string;
  headers: readonly string[];
  /** Whether the table has the status column (the last one). */
  withStatus: boolean;
  /** Rows in time order, a chunk at a time (read from the database as the file is written). */
  chunks: AsyncIterable<ExportRow[]>;
}

/** CSV in UTF-8 with a byte-order mark, CRLF lines, the language's separator and decimal sign. */
export function csvStream(table: ExportTable, convention: { separator: string; decimal: '.' | ',' }): Readable {
  const { separator, decimal } = convention;
  async function* lines(): AsyncGenerator<string> {
    yield UTF8_BOM + csvLine(table.headers, separator);
    for await (const chunk of table.chunks) {
      let text = '';
      for (const row of chunk) {
        const fields = [row.local, decimalText(row.consumption, decimal), decimalText(row.cost, decimal), row.certainty === null ? '' : String(row.certainty)];
        if (table.withStatus) fields.push(row.status ?? '');
        text += csvLine(fields, separator);
      }
      if (text) yield text;
    }
  }
  return Readable.from(lines());
}

/**
 * XLSX through exceljs's streaming writer: rows go out as they are read. Times are date cells
 * showing the local time; numbers are number cells, so the sheet can sum them.
 */
export function xlsxStream(table: ExportTable): Readable {
  const out = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName(table.sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = table.headers.map((header, i) => ({
      header,
      width: i === 0 ? 18 : Math.max(12, header.length + 2),
      ...(i === 0 ? { style: { numFmt: 'yyyy-mm-dd hh:mm' } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    for await (const chunk of table.chunks) {
      for (const row of chunk) {
        const cells: Array<Date | number | string | null> = [
          new Date(row.wall),
          row.consumption === null ? null : Number(row.consumption),
          row.cost === null ? null : Number(row.cost),
          row.certainty,
        ];
        if (table.withStatus) cells.push(row.status);
        sheet.addRow(cells).commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** A worksheet name: at most 31 characters, none of `[]:*?/\`. */
function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Data';
}
