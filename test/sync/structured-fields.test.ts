// The strict structured-field parser (RFC 9651) the rate-limit fields are read with: the
// RFC's own examples parse, and what the RFC says must fail does (a malformed field is
// then ignored whole).
import { describe, expect, it } from 'vitest';
import { parseDictionary, parseList } from '../../main/sync/structured-fields.js';

describe('structured fields (RFC 9651)', () => {
  it('reads Lists of items with parameters, and inner lists', () => {
    expect(parseList('"burst";q=100;w=60,"daily";q=1000;w=86400')).toEqual([
      {
        kind: 'item',
        value: { type: 'string', value: 'burst' },
        params: new Map([
          ['q', { type: 'integer', value: 100 }],
          ['w', { type: 'integer', value: 60 }],
        ]),
      },
      {
        kind: 'item',
        value: { type: 'string', value: 'daily' },
        params: new Map([
          ['q', { type: 'integer', value: 1000 }],
          ['w', { type: 'integer', value: 86400 }],
        ]),
      },
    ]);
    const [policy] = parseList('"peruser";q=65535;qu="content-bytes";w=10;pk=:cHsdsRa894==:')!;
    expect(policy!.params.get('qu')).toEqual({ type: 'string', value: 'content-bytes' });
    expect(policy!.params.get('pk')).toEqual({ type: 'bytes', value: 'cHsdsRa894==' });
    expect(parseList('quota;t=1, ?1;a, -1.5, @1659578233, ("a" b);x')).toMatchObject([
      { value: { type: 'token', value: 'quota' } },
      {
        value: { type: 'boolean', value: true },
        params: new Map([['a', { type: 'boolean', value: true }]]),
      },
      { value: { type: 'decimal', value: -1.5 } },
      { value: { type: 'date', value: 1659578233 } },
      { kind: 'inner-list', items: [{ value: { type: 'string' } }, { value: { type: 'token' } }] },
    ]);
    expect(parseList('')).toEqual([]);
    expect(parseList('"a \\"b\\""')![0]).toMatchObject({ value: { value: 'a "b"' } });
  });

  it('reads Dictionaries, a bare key being true', () => {
    const entries = parseDictionary('limit=100, remaining=5, reset=2, ok;x=1');
    expect([...entries!.keys()]).toEqual(['limit', 'remaining', 'reset', 'ok']);
    expect(entries!.get('remaining')).toMatchObject({ value: { type: 'integer', value: 5 } });
    expect(entries!.get('ok')).toMatchObject({ value: { type: 'boolean', value: true } });
  });

  it.each([
    '"p";r=5,', // a trailing comma
    '"p";r=5;t=', // a parameter without its value
    '"p";R=5', // keys are lower case
    '"p" ;r=5', // no space before a parameter
    '"p";r=5 t=2',
    '"unterminated',
    '"bad \\q escape"',
    '1234567890123456', // 16 integer digits
    '1.2345', // 4 fractional digits
    '?2',
    ':not base64!:',
    '%"display"', // not used by these fields, refused rather than guessed
    'limit=100, remaining=5', // a Dictionary is not a List
  ])('refuses the List %j', (field) => {
    expect(parseList(field)).toBeNull();
  });

  it('refuses a List as a Dictionary', () => {
    expect(parseDictionary('"p";r=5;t=2')).toBeNull();
    expect(parseDictionary('Limit=1')).toBeNull();
  });
});
