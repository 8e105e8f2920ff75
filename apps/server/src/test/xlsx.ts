// Reading a workbook the server sent, for tests that check a download and its sheet cell by cell.
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The first sheet's rows, each cell as the text a person sees. */
export async function readXlsx(body: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    rows.push(Array.from({ length: row.cellCount }, (_, i) => row.getCell(i + 1).text));
  });
  return rows;
}

/** The named sheet's rows as stored values, and the number formats of its first data row. */
export async function readSheet(body: Buffer, name: string): Promise<{ rows: unknown[][]; formats: string[] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(body).buffer);
  const sheet = book.getWorksheet(name);
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const formats: string[] = [];
  sheet?.getRow(2).eachCell({ includeEmpty: true }, (c) => formats.push(c.numFmt ?? ''));
  return { rows, formats };
}

/** A workbook download: the file is `<ascii>.xlsx`, and `<title>-YYYYMMDD.xlsx` for browsers that read the UTF-8 name. */
export function expectXlsxDownload(res: LightMyRequestResponse, ascii: string, title: string) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_TYPE);
  const disposition = String(res.headers['content-disposition']);
  expect(disposition).toMatch(new RegExp(`^attachment; filename="${ascii}\\.xlsx"; filename\\*=UTF-8''`));
  expect(decodeURIComponent(disposition)).toMatch(new RegExp(`${title}-\\d{8}\\.xlsx$`));
}
