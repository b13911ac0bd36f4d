// Child process for the close crash test: opens the till's file, says "ready", then begins
// the close and closes the current shift with a count, and says "closed <number>" once the
// close has returned. The test kills it with SIGKILL at a random moment in between.
import { writeSync } from 'node:fs';
import { openStore } from '../../db/store.js';

const store = openStore(process.argv[2]!);
const act = { cashierId: null, now: Date.now() };
writeSync(1, 'ready\n');
store.shifts.beginClose();
const closed = store.shifts.close({ count: { countedMinor: 0 }, note: 'counted in a hurry' }, act);
if (!closed.ok) throw new Error(closed.error.message);
writeSync(1, `closed ${closed.value.number}\n`);
