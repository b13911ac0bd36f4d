// The print queue on the simulation's stepped timeline, against a real store: jobs print in
// order and once; a printer that is down or out of paper makes the queue wait (backoff)
// and try again, with the job still waiting and its problem said; a job with nothing left
// to print is dropped without holding up the others.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../db/store.js';
import type { PrinterStatus } from '../../domain/printer-status.js';
import { fail, ok, type Result } from '../../domain/result.js';
import { createPrintQueue } from '../../main/printing/print-queue.js';
import { World } from '../sim/world.js';
import { checked, validSale } from '../helpers/sales.js';
import { freshStore, NOW } from '../helpers/shift-store.js';

const READY: PrinterStatus = { online: true, coverOpen: false, paper: 'ok', drawerOpen: false };
const PAPER_OUT: PrinterStatus = { ...READY, paper: 'out' };
const DOWN = fail({
  code: 'refused',
  message: 'The printer at tcp://p:9100 refused the connection.',
});

let store: Store;
let world: World;
beforeEach(() => {
  store = freshStore();
  world = new World();
});
afterEach(() => store.close());

function sale() {
  const printing = { receipt: true, drawerOnCash: false, drawer: false };
  const result = store.recordSale(checked(validSale()), { now: NOW, printing });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** A queue whose printer answers as `answers` says, one answer per job sent (then ready). */
function queueWith(answers: Array<Result<PrinterStatus | null>>) {
  const { clock, timers } = world.addProcess(0);
  const sent: Array<{ at: number; text: string }> = [];
  const queue = createPrintQueue({
    jobs: () => store,
    render: (job) =>
      job.ref && store.getReceipt(job.ref)
        ? ok(new TextEncoder().encode(`receipt ${store.getReceipt(job.ref)!.receiptNumber}`))
        : fail({ code: 'not_found', message: 'The sale is not on this till any more.' }),
    send: (bytes) => {
      sent.push({ at: world.time, text: new TextDecoder().decode(bytes) });
      return Promise.resolve(answers.shift() ?? ok(READY));
    },
    owner: 'test',
    clock,
    timers,
    random: () => 0.5,
  });
  return { queue, sent };
}

const waiting = () =>
  store.waitingPrintJobs().map((job) => [job.label, job.attempts, job.lastProblem]);

describe('the print queue', () => {
  it('prints waiting jobs in order, each once', async () => {
    sale();
    sale();
    const { queue, sent } = queueWith([]);
    queue.kick();
    await world.runUntil(10);
    expect(sent.map((s) => s.text)).toEqual(['receipt 1', 'receipt 2']);
    expect(waiting()).toEqual([]);
    expect(queue.state()).toMatchObject({ condition: 'ready', problem: null, status: READY });
    queue.kick();
    await world.runUntil(20);
    expect(sent).toHaveLength(2);
  });

  it('a printer that is down: the job waits with its problem, and prints once when it is back', async () => {
    sale();
    const { queue, sent } = queueWith([DOWN, DOWN]);
    queue.kick();
    await world.runUntil(10);
    expect(waiting()).toEqual([['Receipt #1', 1, DOWN.error.message]]);
    expect(queue.state()).toMatchObject({ condition: 'problem', problem: DOWN.error.message });
    // Backoff with jitter, never under a second: half of 2 s after the first failure (at 0).
    expect(queue.state().retryInMs).toBe(990);
    // A sale meanwhile waits for the retry instead of knocking at a dead printer.
    sale();
    queue.kick();
    await world.runUntil(999);
    expect(sent).toHaveLength(1);
    await world.runUntil(1001);
    expect(sent).toHaveLength(2);
    expect(queue.state().retryInMs).toBe(1999); // half of 4 s after the second (at 1000)
    await world.runUntil(3001);
    expect(sent.map((s) => [s.at, s.text])).toEqual([
      [0, 'receipt 1'],
      [1000, 'receipt 1'],
      [3000, 'receipt 1'],
      [3000, 'receipt 2'],
    ]);
    expect(waiting()).toEqual([]);
    expect(queue.state()).toMatchObject({ condition: 'ready', retryInMs: null });
  });

  it('paper out right after a job: not printed, so it prints again whole', async () => {
    sale();
    const { queue, sent } = queueWith([ok(PAPER_OUT)]);
    queue.kick();
    await world.runUntil(10);
    expect(waiting()).toEqual([
      ['Receipt #1', 1, 'The printer is out of paper: put in a new roll.'],
    ]);
    expect(queue.state().status).toEqual(PAPER_OUT);
    // A person put a roll in and pressed Retry: no waiting out the backoff.
    await queue.retryNow();
    expect(sent.map((s) => s.text)).toEqual(['receipt 1', 'receipt 1']);
    expect(waiting()).toEqual([]);
  });

  it('a job with nothing left to print is dropped and the next one prints', async () => {
    const first = sale();
    sale();
    store.database.sqlite
      .prepare("update print_jobs set ref = 'gone' where ref = ?")
      .run(first.saleId);
    const { queue, sent } = queueWith([]);
    queue.kick();
    await world.runUntil(10);
    expect(sent.map((s) => s.text)).toEqual(['receipt 2']);
    expect(store.recentPrintJobs().map((job) => [job.ref === 'gone', job.state])).toEqual([
      [false, 'printed'],
      [true, 'cancelled'],
    ]);
  });

  it('stopped, it tries no more', async () => {
    sale();
    const { queue, sent } = queueWith([DOWN]);
    queue.kick();
    await world.runUntil(10);
    await queue.stop();
    await world.runUntil(120_000);
    queue.kick();
    await world.runUntil(130_000);
    expect(sent).toHaveLength(1);
    expect(waiting()).toHaveLength(1);
  });
});
