// npm run sim:fleet -- --tills N --seed S [--faults none|retry-after|storm|revoked|all] [--timeline]
//   [--tills-per-key K --key-bucket BURST/RATE --platform-bucket BURST/RATE|none --sale-every S
//    --probe-ms MS]
// A chain's day with an hour's outage in the deterministic world (test/sim/fleet/): prints
// the figures as one JSON line (the same for the same arguments), the run's own time on
// stderr, and exits 1 when a till broke its policy or a sale was lost, doubled or in doubt.
// The layout options change who shares a key and what the platform allows (default: five
// tills to a key of 20/2, a platform of a fifth of a request a second per till, a sale every
// 45 to 90 s on average; `--sale-every S`: every S s on every till). bench:fleet's setting:
// --tills 10 --tills-per-key 10 --key-bucket 40/40 --platform-bucket none --sale-every 24
// --probe-ms 500 (about 150 sales waiting on each till after the hour's outage).
import { parseArgs } from 'node:util';
import { FAULT_NAMES, type FaultName } from '../test/sim/fleet/fleet-faults.js';
import type { Bucket } from '../test/sim/fleet/fleet-platform.js';
import { CHAIN_DAY, runFleet } from '../test/sim/fleet/fleet-run.js';

const { values } = parseArgs({
  options: {
    tills: { type: 'string', default: '50' },
    seed: { type: 'string', default: '1' },
    faults: { type: 'string', default: 'none' },
    timeline: { type: 'boolean', default: false },
    'timeline-step': { type: 'string', default: '10' },
    'tills-per-key': { type: 'string' },
    'key-bucket': { type: 'string' },
    'platform-bucket': { type: 'string' },
    'sale-every': { type: 'string' },
    'probe-ms': { type: 'string' },
  },
});

const wholeNumber = (text: string, option: string, least = 1) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < least)
    throw new Error(`--${option}: a whole number, ${least} or more`);
  return value;
};
const bucket = (text: string, option: string): Bucket => {
  const [capacity, refillPerSecond] = text.split('/').map(Number);
  if (!(capacity! >= 1 && refillPerSecond! > 0))
    throw new Error(`--${option}: BURST/RATE, such as 40/40 (a burst of 40, 40 a second)`);
  return { capacity: capacity!, refillPerSecond: refillPerSecond! };
};

const tills = wholeNumber(values.tills, 'tills');
const seed = wholeNumber(values.seed, 'seed', -(2 ** 31));
const faults = values.faults as FaultName;
if (!FAULT_NAMES.includes(faults)) throw new Error(`--faults: one of ${FAULT_NAMES.join(', ')}`);
const platformBucket = values['platform-bucket'];
const layout = {
  tillsPerKey: values['tills-per-key']
    ? wholeNumber(values['tills-per-key'], 'tills-per-key')
    : CHAIN_DAY.tillsPerKey,
  perKey: values['key-bucket'] ? bucket(values['key-bucket'], 'key-bucket') : CHAIN_DAY.perKey,
  global:
    platformBucket === 'none'
      ? null
      : platformBucket
        ? () => bucket(platformBucket, 'platform-bucket')
        : CHAIN_DAY.global,
  saleEverySeconds: values['sale-every']
    ? { least: wholeNumber(values['sale-every'], 'sale-every'), most: Number(values['sale-every']) }
    : CHAIN_DAY.saleEverySeconds,
  probeIntervalMs: values['probe-ms'] ? wholeNumber(values['probe-ms'], 'probe-ms', 50) : undefined,
};
const timelineStep = wholeNumber(values['timeline-step'], 'timeline-step');

const started = performance.now();
const { violations, timeline, ...figures } = await runFleet({
  tills,
  seed,
  faults,
  layout,
  timelineStep,
});
console.log(JSON.stringify(figures));
if (values.timeline)
  console.error(`requests/429s per ${timelineStep} s from the lift: ${timeline}`);
console.error(`ran in ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (violations.length > 0) {
  for (const violation of violations) console.error(`VIOLATION: ${violation}`);
  process.exit(1);
}
