import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { neutraliseFormulas, restoreFormulas, spreadsheetCsv } from './csv.js';

describe('spreadsheet CSV cells', () => {
  test.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+91 98450 12345', "'+91 98450 12345"],
    ['-x', "'-x"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['＝1+1', "'＝1+1"],
    [
      'Ravi\n=HYPERLINK("http://evil.example","Ravi")',
      'Ravi\n\'=HYPERLINK("http://evil.example","Ravi")',
    ],
    ['\r=cmd', "\r'=cmd"],
    ['Asha\r\n+1\r@2\n-3', "Asha\r\n'+1\r'@2\n'-3"],
    ['\n\n=x', "\n\n'=x"],
    ["'=x\n''+y", "''=x\n'''+y"],
    ["'Taste of Home'", "'Taste of Home'"],
    ['Ravi Kumar', 'Ravi Kumar'],
    ['a = b\nc + d', 'a = b\nc + d'],
  ])('every line of %j that starts a formula is written as text', (cell, written) => {
    const neutralised = neutraliseFormulas(cell);
    expect(neutralised).toBe(written);
    for (const line of neutralised.split(/\r\n|\r|\n/))
      expect(line).not.toMatch(/^[=+\-@\t＝＋－＠]/);
    expect(restoreFormulas(neutralised)).toBe(cell);
  });

  test('a file: every text cell neutralised on every line, numbers as they are', () => {
    const csv = spreadsheetCsv(
      [{ name: 'Ravi\n=1+1', phone: '+919845012345', amount: -1.25 }],
      ['name', 'phone', 'amount'],
      (value) => value.toFixed(2),
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(parse(csv, { bom: true })).toEqual([
      ['name', 'phone', 'amount'],
      ["Ravi\n'=1+1", "'+919845012345", '-1.25'],
    ]);
  });
});
