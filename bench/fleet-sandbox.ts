// The sandbox for a fleet run, in its own process: one token bucket per key of the size and
// refill asked, one key minted for the whole fleet. It counts every answer to /v1/ by status
// (node's HTTP diagnostics channel sees each response as it finishes) and prints the counts
// as one JSON line when told to stop. It starts in an outage (connections refused) that
// ends for every till at once when a line "lift" comes on stdin.
// Usage: node --import tsx bench/fleet-sandbox.ts <db file> <capacity> <refill per second>
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startSandbox } from '../sandbox/index.js';

const [dbFile, capacity, refillPerSecond] = process.argv.slice(2);
const statuses: Record<string, number> = {};
let firstAt = 0;
let lastAt = 0;
// Answers per second since the first, by status: where in the drain the rate is lost.
const timeline: Record<string, number>[] = [];
subscribe('http.server.response.finish', (message) => {
  const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
  if (!request.url?.startsWith('/v1/')) return;
  const status = String(response.statusCode);
  statuses[status] = (statuses[status] ?? 0) + 1;
  lastAt = performance.now();
  firstAt ||= lastAt;
  const second = (timeline[Math.floor((lastAt - firstAt) / 1000)] ??= {});
  second[status] = (second[status] ?? 0) + 1;
});

const running = await startSandbox({
  port: 0,
  dbFile,
  rateLimit: { capacity: Number(capacity), refillPerSecond: Number(refillPerSecond) },
  faults: 'outage=refuse',
});
let liftedAt = 0;
process.stdin.on('data', (chunk: Buffer) => {
  if (!chunk.toString().includes('lift') || liftedAt) return;
  void running.faults.set({ outage: 'none' }).then(() => {
    liftedAt = performance.now();
    console.log(JSON.stringify({ lifted: true }));
  });
});
const key = await running.mintKey({ scope: 'sales:write sales:read', subject: 'till_fleet' });
console.log(JSON.stringify({ url: running.url, key }));
process.once('SIGTERM', () => {
  void running.close().then(() => {
    const spanSeconds = (lastAt - firstAt) / 1000;
    const sinceLiftSeconds = (lastAt - liftedAt) / 1000;
    console.log(JSON.stringify({ statuses, spanSeconds, sinceLiftSeconds, timeline }));
    process.exit(0);
  });
});
