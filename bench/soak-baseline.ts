// The machine's share of the event-loop delay, for a soak run: a bare Node process that
// does nothing but measure its own loop the way the daemon does (main/metrics), and
// answers each line on stdin with its p99 since the previous line, in ms.
import { createInterface } from 'node:readline';
import { startProcessFigures } from '../main/metrics/process-figures.js';

const figures = startProcessFigures();
createInterface({ input: process.stdin })
  .on('line', () => process.stdout.write(`${figures.read().eventLoopDelayP99Seconds * 1000}\n`))
  .on('close', () => figures.stop());
