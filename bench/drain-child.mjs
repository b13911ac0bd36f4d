// Child process of bench:sync:memory: drains a till database with the sync engine as it
// ships (the compiled dist/, not the TypeScript loader, which alone adds about 40 MB) and
// reports its own peak RSS before and after as one JSON line.
import { syncTuningSchema } from '../dist/main/config/agent-config.js';
import { createSyncEngine } from '../dist/main/sync/engine.js';

const [file, baseUrl, apiKey] = process.argv.slice(2);
const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

const engine = createSyncEngine({
  file,
  config: { baseUrl, apiKey, sync: syncTuningSchema.parse({ concurrency: 8 }) },
});
const beforeMb = peakMb();
const started = performance.now();
let synced = 0;
while (engine.status().counts.pending > 0) synced += (await engine.drain()).synced;
const seconds = (performance.now() - started) / 1000;
await engine.stop();
console.log(JSON.stringify({ synced, seconds, beforeMb, peakMb: peakMb() }));
