// The simulated platform's quota: a token bucket per API key, told in every form platforms
// use (the older RateLimit-* and X-RateLimit-* fields, the draft's earlier Dictionary, and
// draft-10's `RateLimit` / `RateLimit-Policy` Lists, `t` the seconds until more quota).
// Draft-10 fields come as real platforms write them: a second, looser limit beside the
// bucket, partition keys and other parameters of every Structured Field type, tokens or
// strings for names, odd spacing. Now and then a platform writes a RateLimit field that is
// malformed (RFC 9651) and saying "nothing left for ten minutes", beside older fields that
// tell the truth: a till must ignore the malformed field whole, as the draft asks. What each
// answer truly told is kept (quotaIn), so the checks judge a till by what it could read.
import type { World } from './world.js';

/** How a platform tells its quota: the older draft (bare or X-), or the current one's forms. */
export type RateLimitDraft = 'old' | 'x-old' | 'dictionary' | 'current';

export interface Quota {
  capacity: number;
  refillPerSecond: number;
  draft: RateLimitDraft;
  /** The share of answers whose RateLimit field is malformed (older fields beside it). */
  malformed?: number;
}

/** What a till that reads the fields as the drafts say learns: left, and seconds until more. */
interface Told {
  remaining: string;
  reset: string;
}

/** The fields' values of an answer, as one string: what each rendering told. */
const FIELDS = ['ratelimit', 'ratelimit-remaining', 'x-ratelimit-remaining'];
const fingerprint = (get: (name: string) => string | null) =>
  FIELDS.map((name) => get(name) ?? '').join('\n');
/** Renderings whose meaning is not their regular reading (bounded: a seed's worth). */
const meant = new Map<string, Told>();

/** What an answer's rate-limit fields say is left, and in how many seconds more comes. */
export function quotaIn(headers: { get(name: string): string | null }): Told | null {
  const known = meant.get(fingerprint((name) => headers.get(name)));
  if (known) return known;
  const field = headers.get('ratelimit');
  const remaining =
    (field && (/;r=(\d+)/.exec(field) ?? /remaining=(\d+)/.exec(field))?.[1]) ??
    headers.get('ratelimit-remaining') ??
    headers.get('x-ratelimit-remaining');
  const reset =
    (field && (/;t=(\d+)/.exec(field) ?? /reset=(\d+)/.exec(field))?.[1]) ??
    headers.get('ratelimit-reset') ??
    headers.get('x-ratelimit-reset');
  return remaining && reset ? { remaining, reset } : null;
}

/**
 * Parameters of every Structured Field type, which a reader must parse and pass over:
 * draft-10's partition key (a Byte Sequence) and quota unit, and extensions.
 */
const EXTRA_PARAMS = [
  ';pk=:c2hvcC0xMg==:',
  ';qu="requests"',
  '; pk=:dGlsbA==:;ext',
  ';v=?0;w1=?1',
  ';f=0.25;n=-7',
  ';seen=@1764000000',
  ';s="a \\"quoted\\" \\\\ name"',
  ';tk=shop/till:1',
  ';big=123456789012345;dec=-123456789012.125',
  ';a_b-c.d*e=*star',
  ';*k=?1;k9=-0.5;e=::',
  ";tk2=x!#$%&'*+-.^_`|~z",
  ';s2="~ {}[]()<>@,;:/?="',
  ';f3=1.125;f1=-0.1;d=@-5',
];
/** A member a reader passes over: an Inner List, or a limit that says nothing of `r`. */
const OTHER_MEMBERS = [
  '("a" b ?1);x=1',
  '(); empty',
  '"unmetered"',
  'burst;q=5',
  '( "a";x=1  b;y=?0 );z=@-5',
  '*tok;q=1',
  '?1',
  '-12.5;w=3',
  ':AQID:',
];
/** Dictionary members a reader of the earlier draft passes over. */
const OTHER_ENTRIES = [
  'policy="bucket"',
  'burst',
  'w=?1;x=1',
  'w2=(1 "2");x=a',
  'p=:AQID:',
  '*f=-1.5',
  'd=@1764000000',
];
/**
 * Malformed, each in one way (RFC 9651 section 4.2): the whole field is ignored. Each says
 * nothing is left for ten minutes, which a till that read it would wait out.
 */
const MALFORMED = [
  '"bucket";r=0;t=600,',
  '"bucket";r=0;t=600;x=1.2345',
  '"bucket";r=0;t=600;x=1234567890123456',
  '"bucket";r=0;t=600;x=1234567890123.5',
  '"bucket";r=0;t=600;x=1.',
  '"bucket";r=0;t=600;s="a\\x"',
  '"bucket";r=0;t=600;s="caf\x7f"',
  '"bucket;r=0;t=600',
  '"bucket";R=1;r=0;t=600',
  '"bucket";r=0;t=600;pk=:c2hv$A==:',
  '"bucket";r=0;t=600;pk=:c2hvcA==',
  '"bucket";r=0;t=600;x=?2',
  '"bucket";r=0;t=600;d=@1.5',
  '"bucket";r=0;t=600 "daily";r=9000',
  '"bucket";r=0;t=600,,"daily";r=9000',
  '("a" "b";r=0;t=600',
  '("a""b"), "bucket";r=0;t=600',
  '"bucket";r=0;t=600;1x=2',
  '"bucket";r=0;t=600;x=',
  '"bucket";r=0;t=600;x=-',
  '"bucket";r=0;t=600;x=%',
  '"bucket";r=0;t=600,"daily";r=9000;s="open',
  '"bucket";r=0;\tt=600',
  '"bucket";r=0;t=600;x=1a',
  '"bucket";r=0;t=600;x=?',
  '"bucket";r=0;t=600;x=@',
  '("a" "b")x, "bucket";r=0;t=600',
  // The earlier draft's Dictionary, malformed.
  'remaining=0, reset=600,',
  'remaining=0, reset=600, Limit=5',
  'remaining=0, reset=600, w=(1 2',
  'remaining=0, reset=600, x=:YWJj',
  'remaining=0,,reset=600',
  'remaining=0, reset=600 limit=5',
  'remaining=0;x=1.2345, reset=600',
];

/** Unless told otherwise: one answer in ten. */
const MALFORMED_SHARE = 0.1;

/**
 * A gateway's own X-RateLimit fields, of another quota run dry, beside a platform's field
 * that tells the truth: a till reads the platform's field first (RateLimit, then the older
 * unprefixed draft; main/sync/rate-limit-headers.ts), so they never hold it up. On every
 * `STALE_EVERY`th answer, counted (no draw: the worlds stay as they were).
 */
const STALE_GATEWAY = {
  'x-ratelimit-limit': '5000',
  'x-ratelimit-remaining': '0',
  'x-ratelimit-reset': '600',
};
const STALE_EVERY = 3;
/**
 * Beside X-RateLimit fields that tell the truth, unprefixed ones no reader can take (a
 * count below zero, not finite, or not a number) and a reset of ten minutes: a till ignores
 * a field it cannot read and goes on to the next form.
 */
const UNREADABLE_COUNTS = ['-1', 'Infinity', 'many', '-0.5'];

/** What an answer whose fields read otherwise truly told (quotaIn). */
function remember(headers: Record<string, string>, truth: Told): void {
  if (meant.size > 10_000) meant.clear();
  meant.set(
    fingerprint((name) => headers[name] ?? null),
    truth,
  );
}

export function createQuota(world: World, initial: Quota | null, style: () => number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  let quota = initial;
  let told = 0;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(style() * items.length)]!;
  const sometimes = (share: number, text: string) => (style() < share ? text : '');

  /** Draft-10's two fields, in one of the ways a platform writes them. */
  function currentDraft(q: Quota, remaining: number, reset: number): Record<string, string> {
    const name = pick(['"bucket"', 'bucket']);
    const window = Math.ceil(q.capacity / q.refillPerSecond);
    const limits = [`${name};r=${remaining};t=${reset}${sometimes(0.5, pick(EXTRA_PARAMS))}`];
    const policies = [`${pick(['"bucket"', 'bucket'])};q=${q.capacity};w=${window}`];
    if (style() < 0.4) {
      limits.push(`"daily";r=${9000 + remaining};t=3600`);
      policies.push(`"daily";q=10000;w=86400${sometimes(0.5, ';qu="requests"')}`);
    }
    if (style() < 0.3) limits.push(pick(OTHER_MEMBERS));
    if (style() < 0.5) limits.reverse();
    const separator = pick([', ', ',', ' ,  ', ',\t ']);
    const ratelimit = `${sometimes(0.2, '  ')}${limits.join(separator)}`;
    // Counted, not drawn (the worlds stay): now and then no policy at all, which the draft
    // allows, or the policies in another order than the limits (matched by name).
    if (told % 4 === 1) return { ratelimit };
    if (told % 4 === 2) policies.reverse();
    return { 'ratelimit-policy': policies.join(separator), ratelimit };
  }

  /** The fields of an answer, with `remaining` requests left, more in `reset` s. */
  function fields(q: Quota, remaining: number, reset: number): Record<string, string> {
    const headers = truthful(q, remaining, reset);
    told += 1;
    // Not beside a malformed field (its older fields are the truth a till falls back to).
    const malformed = headers.ratelimit !== undefined && headers['ratelimit-remaining'];
    if (told % STALE_EVERY === 0 && !headers['x-ratelimit-remaining'] && !malformed)
      Object.assign(headers, STALE_GATEWAY);
    else if (told % STALE_EVERY === 0 && headers['x-ratelimit-remaining'] !== undefined) {
      const truth = { remaining: String(remaining), reset: String(reset) };
      headers['ratelimit-remaining'] = UNREADABLE_COUNTS[told % UNREADABLE_COUNTS.length]!;
      headers['ratelimit-reset'] = '600';
      headers['ratelimit-limit'] = UNREADABLE_COUNTS[(told + 1) % UNREADABLE_COUNTS.length]!;
      remember(headers, truth);
    }
    return headers;
  }

  /** The platform's own fields (or, now and then, a malformed RateLimit and older fields). */
  function truthful(q: Quota, remaining: number, reset: number): Record<string, string> {
    const { capacity, draft } = q;
    if (style() < (q.malformed ?? MALFORMED_SHARE)) {
      // A malformed RateLimit, and the older fields, which say what is true.
      const headers = {
        ratelimit: pick(MALFORMED),
        'ratelimit-limit': String(capacity),
        'ratelimit-remaining': String(remaining),
        'ratelimit-reset': String(reset),
      };
      remember(headers, { remaining: String(remaining), reset: String(reset) });
      return headers;
    }
    if (draft === 'current') return currentDraft(q, remaining, reset);
    if (draft === 'dictionary') {
      const entries = [`limit=${capacity}`, `remaining=${remaining}`, `reset=${reset}`];
      if (style() < 0.3) entries.push(pick(OTHER_ENTRIES));
      if (style() < 0.5) entries.reverse();
      return { ratelimit: entries.join(pick([', ', ',', ' ,\t'])) };
    }
    const prefix = draft === 'x-old' ? 'x-ratelimit-' : 'ratelimit-';
    return {
      [`${prefix}limit`]: String(capacity),
      [`${prefix}remaining`]: String(remaining),
      [`${prefix}reset`]: String(reset),
    };
  }

  return {
    /** Takes a token from the key's bucket; its fields either way. */
    take(apiKey: string): { ok: boolean; headers: Record<string, string> } {
      const q = quota;
      if (!q) return { ok: true, headers: {} };
      const last = buckets.get(apiKey) ?? { tokens: q.capacity, at: world.time };
      const tokens = Math.min(
        q.capacity,
        last.tokens + ((world.time - last.at) / 1000) * q.refillPerSecond,
      );
      const ok = tokens >= 1;
      const left = ok ? tokens - 1 : tokens;
      buckets.set(apiKey, { tokens: left, at: world.time });
      const remaining = Math.floor(left);
      // Seconds until more quota: the next token when none is left, else a full bucket.
      const reset = Math.ceil(
        (remaining === 0 ? 1 - (left % 1) : q.capacity - left) / q.refillPerSecond,
      );
      return { ok, headers: fields(q, remaining, reset) };
    },
    /** A new quota from now on (full buckets), or none. */
    set(next: Quota | null): void {
      quota = next;
      buckets.clear();
    },
    /** The quota becomes plenty (and the answers say so): waits are the answers' own. */
    lift(): void {
      if (quota) quota = { ...quota, capacity: 1000, refillPerSecond: 1000, malformed: 0 };
    },
    get current() {
      return quota;
    },
  };
}

export type PlatformQuota = ReturnType<typeof createQuota>;
