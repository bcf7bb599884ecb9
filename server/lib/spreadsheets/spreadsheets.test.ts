import { buffer } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { csvFile, neutraliseFormula } from './csv-file';
import type { Column, Sheet } from './sheet';
import { xlsxFile } from './xlsx-file';

interface Row {
  name: string | null;
  amount: number | null;
  at: string | null;
  count: number;
}

const COLUMNS: readonly Column<Row>[] = [
  { header: 'Nume', kind: 'text', value: (r) => r.name },
  { header: 'Sumă', kind: 'money', value: (r) => r.amount },
  { header: 'Când', kind: 'datetime', value: (r) => r.at },
  { header: 'Număr', kind: 'count', value: (r) => r.count },
];

/** Every text a spreadsheet or a CSV reader trips on. */
const NASTY = [
  'Ștefan Țuțu, ăîâ',
  'punct; și virgulă',
  'ghilimele "duble"',
  'rând\nnou',
  '=HYPERLINK("http://x","y")',
  '+cmd|calc',
  '-2+3',
  '@SUM(A1)',
  '\t=1+1',
  '+40744123456',
];

const rows: Row[] = NASTY.map((name, i) => ({
  name,
  amount: i === 3 ? null : (i - 4) * 123_456 + 7,
  // Winter time, summer time, and the last minute of a Bucharest day.
  at: ['2026-11-24 22:00:00', '2026-07-01 21:05:09', '2026-03-29 00:59:59'][i % 3] ?? null,
  count: i,
}));

const sheet = (): Sheet<Row> => ({
  name: 'Test',
  columns: COLUMNS,
  rows: (async function* () {
    yield* rows;
  })(),
  footer: [['Total', 1_000_050, null, 10]],
});

describe('csvFile', () => {
  it('writes UTF-8 with a BOM, semicolons, CRLF, and every text back as it was (formulas neutralised)', async () => {
    const bytes = await buffer(csvFile(sheet()));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('\r\n');
    const lines: string[][] = parse(text, { bom: true, delimiter: ';', relax_column_count: false });
    expect(lines[0]).toEqual(['Nume', 'Sumă', 'Când', 'Număr']);
    expect(lines.slice(1, -1).map((line) => line[0])).toEqual(NASTY.map(neutraliseFormula));
    expect(lines[1]?.[0]).toBe('Ștefan Țuțu, ăîâ');
    expect(lines[5]?.[0]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(lines[6]?.[0]).toBe("'+cmd|calc");
    expect(lines[7]?.[0]).toBe("'-2+3");
    expect(lines[8]?.[0]).toBe("'@SUM(A1)");
    expect(lines[9]?.[0]).toBe("'\t=1+1");
    // A phone number runs nothing: left as typed.
    expect(lines[10]?.[0]).toBe('+40744123456');
    // Money as Romanian Excel reads it; an empty amount stays empty.
    expect(lines[1]?.[1]).toBe('-4938,17');
    expect(lines[4]?.[1]).toBe('');
    expect(lines[6]?.[1]).toBe('1234,63');
    // Times on the Bucharest clock, DD.MM.YYYY HH:mm.
    expect(lines.slice(1, 4).map((line) => line[2])).toEqual([
      '25.11.2026 00:00',
      '02.07.2026 00:05',
      '29.03.2026 02:59',
    ]);
    expect(lines.at(-1)).toEqual(['Total', '10000,50', '', '10']);
  });
});

describe('xlsxFile', () => {
  it('writes typed cells: texts as they were, money as RON numbers, times as Bucharest dates', async () => {
    const data = await readSheet(await buffer(xlsxFile(sheet())), 1, { trim: false });
    expect(data[0]).toEqual(['Nume', 'Sumă', 'Când', 'Număr']);
    // No apostrophes in a typed text cell: XLSX says it is text, so nothing runs.
    expect(data.slice(1, -1).map((row) => row[0])).toEqual(NASTY);
    expect(data.slice(1, -1).map((row) => row[1])).toEqual(
      rows.map((r) => (r.amount === null ? null : r.amount / 100)),
    );
    // To the second: an XLSX date is a fraction of a day.
    const toSecond = (cell: unknown) =>
      new Date(Math.round((cell as Date).getTime() / 1000) * 1000).toISOString();
    expect(data.slice(1, 4).map((row) => toSecond(row[2]))).toEqual([
      '2026-11-25T00:00:00.000Z',
      '2026-07-02T00:05:09.000Z',
      '2026-03-29T02:59:59.000Z',
    ]);
    expect(data.slice(1, -1).map((row) => row[3])).toEqual(rows.map((r) => r.count));
    expect(data.at(-1)).toEqual(['Total', 10000.5, null, 10]);
  });

  it('stops reading the rows when the download is closed', async () => {
    let read = 0;
    const endless: Sheet<Row> = {
      name: 'Fără sfârșit',
      columns: COLUMNS,
      rows: (async function* () {
        for (;;) {
          read += 1;
          yield { name: 'x'.repeat(200), amount: read, at: null, count: read };
          await new Promise((resolve) => setImmediate(resolve));
        }
      })(),
    };
    const out = xlsxFile(endless);
    out.resume();
    await new Promise((resolve) => setTimeout(resolve, 50));
    out.destroy();
    const atClose = read;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(atClose).toBeGreaterThan(0);
    expect(read - atClose).toBeLessThanOrEqual(1);
  });
});
