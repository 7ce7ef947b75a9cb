import type { Locale, MyDataFormat } from '@prism/domain';
import type { Executor } from '../../db/client';
import type { ExportRow } from '../../db/pages';
import type { ExportSection } from './types';

/** Where an export is written: the HTTP answer (a stream, so a long history is never held whole). */
export interface ExportSink {
  write(chunk: string): boolean | Promise<void>;
}

export interface ExportHeader {
  userId: number;
  exportedAt: string;
}

/**
 * The JSON document: `{ "format", "exportedAt", "userId", "sections": { "<name>": [rows...] } }`,
 * each row written as soon as it is read.
 */
export async function writeJsonExport(
  sink: ExportSink,
  sections: readonly ExportSection[],
  db: Executor,
  locale: Locale,
  header: ExportHeader,
) {
  await sink.write(`{"format":"prism-my-data/1","exportedAt":${JSON.stringify(header.exportedAt)},"userId":${header.userId},"sections":{`);
  for (const [index, section] of sections.entries()) {
    await sink.write(`${index === 0 ? '' : ','}\n${JSON.stringify(section.name)}:[`);
    let first = true;
    for await (const row of section.rows(db, header.userId, locale)) {
      await sink.write(`${first ? '' : ','}\n${JSON.stringify(row)}`);
      first = false;
    }
    await sink.write(']');
  }
  await sink.write('\n}}\n');
}

/**
 * The CSV file: one file a spreadsheet opens as it is, with every section in it one after another.
 * Each section starts with a line naming it (`# section: bets`) and its own header line; every line
 * starts with the section's name in a `section` column, so a filter on the first column shows one
 * section. UTF-8 with a byte-order mark (so spreadsheets read non-Latin names right), CRLF lines.
 */
export async function writeCsvExport(
  sink: ExportSink,
  sections: readonly ExportSection[],
  db: Executor,
  locale: Locale,
  header: ExportHeader,
) {
  await sink.write(`\uFEFF${csvLine(['section', 'exportedAt', 'userId'])}${csvLine(['#', header.exportedAt, String(header.userId)])}`);
  for (const section of sections) {
    let columns: string[] | undefined;
    for await (const row of section.rows(db, header.userId, locale)) {
      if (!columns) {
        columns = Object.keys(row);
        await sink.write(`\r\n${csvLine([`# section: ${section.name}`])}${csvLine(['section', ...columns])}`);
      }
      await sink.write(csvLine([section.name, ...columns.map((column) => cell(row, column))]));
    }
    if (!columns) await sink.write(`\r\n${csvLine([`# section: ${section.name}`])}${csvLine(['section', '(none)'])}`);
  }
}

const cell = (row: ExportRow, column: string): string => {
  const value = row[column];
  return value === null || value === undefined ? '' : String(value);
};

/**
 * One CSV line (RFC 4180): a field with a comma, quote or line break is quoted. A field starting with
 * = + - @ (a formula to a spreadsheet) is written after a quote mark, so a nickname or a message
 * cannot run as a formula when the player opens their file; amounts ("-1.00") are left as numbers.
 */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const EXPORT_WRITERS: Record<MyDataFormat, typeof writeJsonExport> = { json: writeJsonExport, csv: writeCsvExport };
