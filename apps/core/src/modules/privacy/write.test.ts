import { describe, expect, it } from 'vitest';
import type { ExportRow } from '../../db/pages';
import type { ExportSection } from './types';
import { csvLine, writeCsvExport, writeJsonExport } from './write';

async function* rowsOf(rows: ExportRow[]) {
  yield* rows;
}

const sections: ExportSection[] = [
  { name: 'profile', rows: () => rowsOf([{ id: 7, nickName: 'Ann, "the" best' }]) },
  { name: 'bets', rows: () => rowsOf([]) },
  {
    name: 'records',
    rows: () =>
      rowsOf([
        { amount: '-1.00', reference: '=HYPERLINK("x")' },
        { amount: '2.50', reference: null },
      ]),
  },
];

async function written(write: typeof writeJsonExport): Promise<string> {
  const chunks: string[] = [];
  const sink = {
    write(chunk: string) {
      chunks.push(chunk);
      return true;
    },
  };
  await write(sink, sections, {} as never, 'en-US', {
    userId: 7,
    exportedAt: '2026-11-10T10:00:00.000Z',
  });
  return chunks.join('');
}

describe('my data files', () => {
  it('JSON: one document, every section in order, empty ones as []', async () => {
    expect(JSON.parse(await written(writeJsonExport))).toEqual({
      format: 'prism-my-data/1',
      exportedAt: '2026-11-10T10:00:00.000Z',
      userId: 7,
      sections: {
        profile: [{ id: 7, nickName: 'Ann, "the" best' }],
        bets: [],
        records: [
          { amount: '-1.00', reference: '=HYPERLINK("x")' },
          { amount: '2.50', reference: null },
        ],
      },
    });
  });

  it('CSV: a section column, a header per section, quoting, and no formula runs in a spreadsheet', async () => {
    expect(await written(writeCsvExport)).toBe(
      '\uFEFFsection,exportedAt,userId\r\n#,2026-11-10T10:00:00.000Z,7\r\n' +
        '\r\n# section: profile\r\nsection,id,nickName\r\nprofile,7,"Ann, ""the"" best"\r\n' +
        '\r\n# section: bets\r\nsection,(none)\r\n' +
        `\r\n# section: records\r\nsection,amount,reference\r\nrecords,-1.00,"'=HYPERLINK(""x"")"\r\nrecords,2.50,\r\n`,
    );
    expect(csvLine(['+1 555', '@me', '-x', '-12.5'])).toBe("'+1 555,'@me,'-x,-12.5\r\n");
  });
});
