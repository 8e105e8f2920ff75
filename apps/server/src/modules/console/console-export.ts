// The console's xlsx exports (recharges, refunds, the audit log): one sheet with bold Chinese
// headers, China times and amounts in 元 (http/download.ts sends it under its Chinese name).
import { chinaClock, chinaDay } from '@apimarket/contracts';
import { loadExcel } from '../../files';

export interface ExportColumn {
  header: string;
  width: number;
  /** Excel's number format of the column, e.g. '0.00' for 元. */
  numFmt?: string;
}

export type ExportCell = string | number;

/** A stored time as the China wall clock ("2026-04-10 10:03:04"), '' when there is none. */
export const exportTime = (d: Date | null) => (d ? chinaClock(d) : '');

/** Fen as a number of 元, for a '0.00' column a spreadsheet can sum. */
export const exportYuan = (fen: number) => fen / 100;

/** `<title>-yyyyMMdd.xlsx`, the China day of the export. */
export function exportFileName(title: string, now = new Date()): string {
  return `${title}-${chinaDay(now).replaceAll('-', '')}.xlsx`;
}

/** Excel refuses a cell longer than this; longer text (a whole article in an audit record) is cut. */
const CELL_MAX = 32_767;
const CUT = '…（已截断）';

function cell(value: ExportCell): ExportCell {
  return typeof value === 'string' && value.length > CELL_MAX ? value.slice(0, CELL_MAX - CUT.length) + CUT : value;
}

/** One sheet named `title`, the header row frozen and bold. */
export async function xlsxOf(title: string, columns: readonly ExportColumn[], rows: readonly ExportCell[][]): Promise<Buffer> {
  const book = new (await loadExcel()).Workbook();
  book.creator = '数据API市场运营后台';
  book.created = new Date();
  const sheet = book.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  columns.forEach((c, i) => {
    if (c.numFmt) sheet.getColumn(i + 1).numFmt = c.numFmt;
  });
  for (const row of rows) sheet.addRow(row.map(cell));
  return Buffer.from(await book.xlsx.writeBuffer());
}
