// Fault injection for tests, chaos runs and demos. Every random choice comes from one
// seeded generator, so the same seed and the same order of requests repeat a run exactly.
import { z } from 'zod';
import { seededRandom } from './seeded-random.js';

const fraction = z.number().min(0).max(1).default(0);
const LATENCY_RULE = 'must be a number of ms, 0 or more, or a range of them like 20-80';
const ms = z.number({ error: LATENCY_RULE }).min(0, LATENCY_RULE);

const faultSettings = z
  .strictObject({
    seed: z.number().int().nonnegative().default(1),
    /** Added processing time: a fixed number of ms, or a [min, max] range. */
    latencyMs: z
      .union([ms, z.tuple([ms, ms])], { error: LATENCY_RULE })
      .refine((latency) => typeof latency === 'number' || latency[0] <= latency[1], {
        message: 'must be a range from low to high, like 20-80',
      })
      .default(0),
    /** Fraction answered 500/502/503 before anything is stored. */
    failBeforeStore: fraction,
    /** Fraction stored, then the connection is destroyed before any response. */
    commitThenDrop: fraction,
    /** Fraction answered 429 or 503 with Retry-After, before anything is stored. */
    throttle: fraction,
    retryAfterSeconds: z.number().int().min(0).max(3600).default(1),
    retryAfterFormat: z.enum(['seconds', 'http-date']).default('seconds'),
    /** Fraction stored, then answered 201 with a body that is not valid JSON. */
    malformedSuccess: fraction,
    /** Fraction answered 502 with an HTML page, as a proxy would; nothing stored. */
    htmlError: fraction,
    /** A full outage: refuse connections, or accept them and never answer. */
    outage: z.enum(['none', 'refuse', 'hang']).default('none'),
    /** Ends the outage by itself after this long. */
    outageForMs: z.number().int().positive().optional(),
  })
  .refine(
    (c) =>
      c.failBeforeStore + c.commitThenDrop + c.throttle + c.malformedSuccess + c.htmlError <= 1,
    { message: 'the fault fractions add up to more than 1', path: ['failBeforeStore'] },
  );

/**
 * The fault settings, from JSON (the admin endpoint, the API of startSandbox) or from a
 * spec string: the same names (any case, and the short ones: fail5xx, outageFor...) and
 * the same values (durations like "30s", latency ranges like "20-80") in both.
 */
export const faultConfigSchema = z.preprocess(normalizeFaultInput, faultSettings);

export type FaultConfig = z.output<typeof faultSettings>;
export type FaultInput = z.input<typeof faultSettings> & Record<string, unknown>;

const SPEC_KEYS: Record<string, keyof z.input<typeof faultSettings>> = {
  seed: 'seed',
  latency: 'latencyMs',
  failbeforestore: 'failBeforeStore',
  fail5xx: 'failBeforeStore',
  committhendrop: 'commitThenDrop',
  throttle: 'throttle',
  retryafter: 'retryAfterSeconds',
  retryafterformat: 'retryAfterFormat',
  malformed: 'malformedSuccess',
  malformedsuccess: 'malformedSuccess',
  html: 'htmlError',
  htmlerror: 'htmlError',
  outage: 'outage',
  outagefor: 'outageForMs',
  outageforms: 'outageForMs',
  latencyms: 'latencyMs',
  retryafterseconds: 'retryAfterSeconds',
};

function normalizeFaultInput(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  return Object.fromEntries(
    Object.entries(input).map(([rawName, value]) => {
      const name = SPEC_KEYS[rawName.toLowerCase()] ?? rawName;
      return [name, typeof value === 'string' ? specValue(name, value) : value];
    }),
  );
}

/**
 * Reads a compact spec such as
 * `latency=20-80,fail5xx=0.1,commitThenDrop=0.05,throttle=0.05,retryAfter=2,seed=42`.
 * Durations take ms, or a unit: `outageFor=30s`.
 */
export function parseFaultSpec(spec: string): ReturnType<typeof faultConfigSchema.safeParse> {
  const input: Record<string, string> = {};
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name = '', value = ''] = part.split('=').map((p) => p.trim());
    input[name] = value;
  }
  return faultConfigSchema.safeParse(input);
}

function specValue(name: string, value: string): unknown {
  if (name === 'outage' || name === 'retryAfterFormat') return value;
  if (value.trim() === '') return value;
  // A range is two numbers: "-5" is a negative number (refused), not "0-5".
  const range = /^(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)$/.exec(value);
  if (name === 'latencyMs' && range) return [Number(range[1]), Number(range[2])];
  const duration = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(value);
  if (duration) return Number(duration[1]) * { ms: 1, s: 1000, m: 60_000 }[duration[2] as 'ms'];
  return value === '' ? value : Number(value);
}

/** A fault as an integrator meets it: where, which statuses, what is stored. */
export interface FaultEffect {
  /** How a spec string sets it (`malformed=0.1`); JSON takes the setting's name too. */
  spec: string;
  /** The operations it touches: createSale only, or every API request. */
  operations: 'createSale' | 'all';
  /** The statuses it answers with (none: a delay, or no answer at all). */
  statuses: number[];
  answer: string;
}

/** What each fault does, for the OpenAPI document (x-sandbox-faults and descriptions). */
export const FAULT_EFFECTS = {
  latencyMs: {
    spec: 'latency=<ms, or a range like 20-80>',
    operations: 'createSale',
    statuses: [],
    answer: 'Each sale is answered that many ms later (a random time in a range).',
  },
  failBeforeStore: {
    spec: 'fail5xx=<fraction>',
    operations: 'createSale',
    statuses: [500, 502, 503],
    answer: 'A fraction of sales is answered 500, 502 or 503 (a problem); nothing is stored.',
  },
  throttle: {
    spec: 'throttle=<fraction>',
    operations: 'createSale',
    statuses: [429, 503],
    answer:
      'A fraction of sales is answered 429 or 503 (a problem) with Retry-After: retryAfter ' +
      'seconds, or an HTTP date with retryAfterFormat=http-date; nothing is stored.',
  },
  htmlError: {
    spec: 'html=<fraction>',
    operations: 'createSale',
    statuses: [502],
    answer:
      'A fraction of sales is answered 502 with an HTML page, as a proxy would; nothing is ' +
      'stored.',
  },
  commitThenDrop: {
    spec: 'commitThenDrop=<fraction>',
    operations: 'createSale',
    statuses: [],
    answer:
      'A fraction of sales is stored, then the connection is cut before any answer: a retry ' +
      'with the same Idempotency-Key gets the stored sale.',
  },
  malformedSuccess: {
    spec: 'malformed=<fraction>',
    operations: 'createSale',
    statuses: [201],
    answer:
      'A fraction of sales is stored and answered 201 with the JSON body cut in half (not ' +
      'valid JSON); Location still names the sale.',
  },
  outage: {
    spec: 'outage=refuse|hang',
    operations: 'all',
    statuses: [],
    answer:
      'Every request to the API: refuse, connections are refused; hang, requests are taken ' +
      'and never answered. Until lifted, or for outageFor (like 30s).',
  },
} satisfies Partial<Record<keyof FaultConfig, FaultEffect>>;

/** The faults that touch an operation, by their setting's name. */
export function faultsOn(operationId: string): Array<[string, FaultEffect]> {
  return Object.entries(FAULT_EFFECTS as Record<string, FaultEffect>).filter(
    ([, effect]) => effect.operations === 'all' || effect.operations === operationId,
  );
}

export type FaultAction =
  | { kind: 'none' }
  | { kind: 'failBeforeStore'; status: 500 | 502 | 503 }
  | { kind: 'throttle'; status: 429 | 503; retryAfter: string }
  | { kind: 'htmlError' }
  | { kind: 'commitThenDrop' }
  | { kind: 'malformedSuccess' };

export function createFaultInjector(initial: FaultConfig) {
  let config = initial;
  let random = seededRandom(config.seed);

  function latencyMs(): number {
    const { latencyMs: latency } = config;
    if (typeof latency === 'number') return latency;
    const [low, high] = latency;
    return low + random() * Math.max(0, high - low);
  }

  function retryAfter(): string {
    if (config.retryAfterFormat === 'seconds') return String(config.retryAfterSeconds);
    return new Date(Date.now() + config.retryAfterSeconds * 1000).toUTCString();
  }

  /** What to do with the next sale request. */
  function nextAction(): FaultAction {
    const draw = random();
    let edge = config.failBeforeStore;
    if (draw < edge) return { kind: 'failBeforeStore', status: pick([500, 502, 503] as const) };
    if (draw < (edge += config.throttle)) {
      return { kind: 'throttle', status: pick([429, 503] as const), retryAfter: retryAfter() };
    }
    if (draw < (edge += config.htmlError)) return { kind: 'htmlError' };
    if (draw < (edge += config.commitThenDrop)) return { kind: 'commitThenDrop' };
    if (draw < edge + config.malformedSuccess) return { kind: 'malformedSuccess' };
    return { kind: 'none' };
  }

  function pick<T>(choices: readonly T[]): T {
    return choices[Math.floor(random() * choices.length)]!;
  }

  return {
    get config(): FaultConfig {
      return config;
    },
    /** Replaces the configuration and restarts the generator from its seed. */
    set(next: FaultConfig): void {
      config = next;
      random = seededRandom(next.seed);
    },
    latencyMs,
    nextAction,
  };
}

export type FaultInjector = ReturnType<typeof createFaultInjector>;
