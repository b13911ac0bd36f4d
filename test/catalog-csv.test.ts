// The catalog CSV as spreadsheets save it: quoting, line breaks in quotes, a byte order
// mark, CRLF, columns in any order, and clear errors for what is not a catalog.
import { describe, expect, it } from 'vitest';
import { catalogFromCsv, CsvError, parseCsv } from '../main/catalog/catalog-csv.js';

describe('catalog CSV', () => {
  it('splits RFC 4180 rows: quotes, doubled quotes, commas and line breaks inside quotes', () => {
    const rows = parseCsv('\uFEFFa,"b, c","say ""hi"""\r\n"two\nlines",x,\r\n\r\nlast,,z');
    expect(rows).toEqual([
      { line: 1, fields: ['a', 'b, c', 'say "hi"'] },
      { line: 2, fields: ['two\nlines', 'x', ''] },
      { line: 5, fields: ['last', '', 'z'] },
    ]);
  });

  it('reads products with the columns in any order, and names the line of each row', () => {
    const csv = catalogFromCsv('Price,NAME,id,category\n1.50,Apple,prod_a,Fruit\n2,Pear,prod_b,\n');
    expect(csv.products).toEqual([
      { id: 'prod_a', name: 'Apple', price: 1.5, category: 'Fruit' },
      { id: 'prod_b', name: 'Pear', price: 2 },
    ]);
    expect(csv.lines).toEqual([2, 3]);
  });

  it('leaves a price that is not a plain decimal as text, for the catalog check to name', () => {
    const csv = catalogFromCsv('id,name,price\na,A,"1,50"\nb,B,1e3\nc,C,-1\n');
    expect(csv.products.map((p) => p.price)).toEqual(['1,50', '1e3', '-1']);
  });

  it('says what is wrong with a file that is not a catalog', () => {
    expect(() => catalogFromCsv('')).toThrow(CsvError);
    expect(() => catalogFromCsv('')).toThrow(/the file is empty/);
    expect(() => catalogFromCsv('id,title,cost\n')).toThrow(
      /no "name" column \(found: id, title, cost\)/,
    );
    expect(() => parseCsv('a,"open\nb')).toThrow(/line 1: a quoted field is not closed/);
  });
});
