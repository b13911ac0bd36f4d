// The deterministic simulation, for long runs: `npm run sim -- --seeds 100000` runs seeds
// 1..N (or from --from), `npm run sim -- --seed 42 --trace` replays one seed with its trace.
import { runSeed } from '../test/sim/run-seed.js';

const args = process.argv.slice(2);
const value = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const single = value('--seed');
const from = Number(value('--from') ?? 1);
const count = single ? 1 : Number(value('--seeds') ?? 1000);
const first = single ? Number(single) : from;

const started = performance.now();
let failed = 0;
let extra = 0;
let ignoring = 0;
for (let seed = first; seed < first + count; seed++) {
  const result = await runSeed(seed).catch((error: Error) => {
    process.stdout.write(`seed ${seed} threw: ${error.stack}\n`);
    throw error;
  });
  extra += result.extraCopies;
  if (!result.honoursKeys) ignoring += 1;
  if (single && args.includes('--trace')) process.stdout.write(result.trace.join('\n') + '\n');
  if (result.violations.length > 0) {
    failed += 1;
    process.stdout.write(
      `seed ${seed} FAILED:\n  ${result.violations.join('\n  ')}\n  replay: npm run sim -- --seed ${seed} --trace\n`,
    );
  }
  if (!single && (seed - first + 1) % 500 === 0) {
    process.stderr.write(`${seed - first + 1}/${count} seeds\n`);
  }
}
const seconds = (performance.now() - started) / 1000;
process.stdout.write(
  `${count} seeds in ${seconds.toFixed(1)} s: ${count - failed} passed, ${failed} failed; ` +
    `${ignoring} against a platform ignoring keys, with ${extra} extra copies` +
    (failed === 0 ? ', every one flagged on its sale\n' : '\n'),
);
process.exitCode = failed > 0 ? 1 : 0;
