// npm run sim:fleet -- --tills N --seed S [--faults none|retry-after|storm|revoked|all] [--timeline]
// A chain's day with an hour's outage in the deterministic world (test/sim/fleet/): prints
// the figures as one JSON line (the same for the same arguments), the run's own time on
// stderr, and exits 1 when a till broke its policy or a sale was lost, doubled or in doubt.
import { parseArgs } from 'node:util';
import { FAULT_NAMES, type FaultName } from '../test/sim/fleet/fleet-faults.js';
import { runFleet } from '../test/sim/fleet/fleet-run.js';

const { values } = parseArgs({
  options: {
    tills: { type: 'string', default: '50' },
    seed: { type: 'string', default: '1' },
    faults: { type: 'string', default: 'none' },
    timeline: { type: 'boolean', default: false },
  },
});
const tills = Number(values.tills);
const seed = Number(values.seed);
const faults = values.faults as FaultName;
if (!Number.isInteger(tills) || tills < 1) throw new Error('--tills: a whole number, 1 or more');
if (!Number.isInteger(seed)) throw new Error('--seed: a whole number');
if (!FAULT_NAMES.includes(faults)) throw new Error(`--faults: one of ${FAULT_NAMES.join(', ')}`);

const started = performance.now();
const { violations, timeline, ...figures } = await runFleet({ tills, seed, faults });
console.log(JSON.stringify(figures));
if (values.timeline) console.error(`requests/429s per 10 s from the lift: ${timeline}`);
console.error(`ran in ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (violations.length > 0) {
  for (const violation of violations) console.error(`VIOLATION: ${violation}`);
  process.exit(1);
}
