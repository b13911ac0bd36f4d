// Structured Field Values for HTTP (RFC 9651, which obsoletes RFC 8941): a strict parser of
// Lists and Dictionaries, the two shapes the rate-limit fields use. It follows the RFC's
// parsing algorithms (section 4.2): any deviation is a failure (null), and a field that
// fails is ignored whole, as the RateLimit draft asks of a malformed field. Dates are read;
// Display Strings are not (no rate-limit field uses one), so a field holding one fails.

export type BareItem =
  | { type: 'integer' | 'decimal' | 'date'; value: number }
  | { type: 'string' | 'token'; value: string }
  | { type: 'bytes'; value: string } // the base64 text between the colons
  | { type: 'boolean'; value: boolean };
export type Parameters = Map<string, BareItem>;
export interface Item {
  kind: 'item';
  value: BareItem;
  params: Parameters;
}
export interface InnerList {
  kind: 'inner-list';
  items: Item[];
  params: Parameters;
}
export type Member = Item | InnerList;

class Malformed extends Error {}

const DIGIT = /[0-9]/;
const ALPHA = /[A-Za-z]/;
const KEY_FIRST = /[a-z*]/;
const KEY_CHAR = /[a-z0-9_\-.*]/;
const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z:/]/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function parser(text: string) {
  let at = 0;
  const peek = () => text[at] ?? '';
  const fail = (): never => {
    throw new Malformed();
  };
  const expect = (char: string) => (peek() === char ? (at += 1) : fail());
  const skip = (pattern: RegExp) => {
    while (at < text.length && pattern.test(peek())) at += 1;
  };

  function key(): string {
    if (!KEY_FIRST.test(peek())) fail();
    const start = at;
    skip(KEY_CHAR);
    return text.slice(start, at);
  }

  function number(): BareItem {
    const start = at;
    if (peek() === '-') at += 1;
    if (!DIGIT.test(peek())) fail();
    skip(DIGIT);
    const integerDigits = at - start - (text[start] === '-' ? 1 : 0);
    if (peek() !== '.') {
      if (integerDigits > 15) fail();
      return { type: 'integer', value: Number(text.slice(start, at)) };
    }
    if (integerDigits > 12) fail();
    at += 1;
    const fraction = at;
    skip(DIGIT);
    if (at - fraction < 1 || at - fraction > 3) fail();
    return { type: 'decimal', value: Number(text.slice(start, at)) };
  }

  function string(): BareItem {
    expect('"');
    let value = '';
    for (;;) {
      if (at >= text.length) fail();
      const char = text[at++]!;
      if (char === '"') return { type: 'string', value };
      if (char === '\\') {
        const escaped = text[at++] ?? '';
        if (escaped !== '"' && escaped !== '\\') fail();
        value += escaped;
      } else if (char < ' ' || char > '~') fail();
      else value += char;
    }
  }

  function bareItem(): BareItem {
    const char = peek();
    if (char === '-' || DIGIT.test(char)) return number();
    if (char === '"') return string();
    if (char === '*' || ALPHA.test(char)) {
      const start = at;
      at += 1;
      skip(TOKEN_CHAR);
      return { type: 'token', value: text.slice(start, at) };
    }
    if (char === ':') {
      at += 1;
      const end = text.indexOf(':', at);
      if (end < 0) fail();
      const value = text.slice(at, end);
      if (!BASE64.test(value)) fail();
      at = end + 1;
      return { type: 'bytes', value };
    }
    if (char === '?') {
      at += 1;
      const bit = text[at++];
      if (bit !== '0' && bit !== '1') fail();
      return { type: 'boolean', value: bit === '1' };
    }
    if (char === '@') {
      at += 1;
      const date = number();
      if (date.type !== 'integer') fail();
      return { type: 'date', value: date.value as number };
    }
    return fail();
  }

  function parameters(): Parameters {
    const params: Parameters = new Map();
    while (peek() === ';') {
      at += 1;
      skip(/ /);
      const name = key();
      let value: BareItem = { type: 'boolean', value: true };
      if (peek() === '=') {
        at += 1;
        value = bareItem();
      }
      params.set(name, value);
    }
    return params;
  }

  function itemOrInnerList(): Member {
    if (peek() !== '(') return { kind: 'item', value: bareItem(), params: parameters() };
    at += 1;
    const items: Item[] = [];
    for (;;) {
      skip(/ /);
      if (peek() === ')') {
        at += 1;
        return { kind: 'inner-list', items, params: parameters() };
      }
      items.push({ kind: 'item', value: bareItem(), params: parameters() });
      if (peek() !== ' ' && peek() !== ')') fail();
    }
  }

  /** After a member: the end, or a comma and another member. */
  function more(): boolean {
    skip(/[ \t]/);
    if (at >= text.length) return false;
    expect(',');
    skip(/[ \t]/);
    if (at >= text.length) fail(); // a trailing comma
    return true;
  }

  return {
    list(): Member[] {
      const members: Member[] = [];
      if (at >= text.length) return members;
      do members.push(itemOrInnerList());
      while (more());
      return members;
    },
    dictionary(): Map<string, Member> {
      const members = new Map<string, Member>();
      if (at >= text.length) return members;
      do {
        const name = key();
        if (peek() === '=') {
          at += 1;
          members.set(name, itemOrInnerList());
        } else {
          members.set(name, {
            kind: 'item',
            value: { type: 'boolean', value: true },
            params: parameters(),
          });
        }
      } while (more());
      return members;
    },
  };
}

function parse<T>(field: string, shape: (p: ReturnType<typeof parser>) => T): T | null {
  try {
    return shape(parser(field.replace(/^ +| +$/g, '')));
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  }
}

/** A List field (several field lines joined with ", " as Headers.get does), or null. */
export const parseList = (field: string) => parse(field, (p) => p.list());

/** A Dictionary field, or null. */
export const parseDictionary = (field: string) => parse(field, (p) => p.dictionary());

/** A parameter or dictionary value when it is a non-negative Integer, else null. */
export function nonNegativeInteger(value: BareItem | Member | undefined): number | null {
  const bare = value && 'kind' in value ? (value.kind === 'item' ? value.value : null) : value;
  return bare?.type === 'integer' && bare.value >= 0 ? bare.value : null;
}
