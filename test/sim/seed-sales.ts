// A seed's sales, recorded by the till's own store as a cashier's would be: the planned
// ones (each at most once, later while another process holds the write lock) and those
// the scenes ask for. Each sale's body is told to the body checks before it is sent.
import { checked } from '../helpers/sales.js';
import { simulatedSale } from './sim-sales.js';
import { EPOCH } from './world.js';
import type { WorldContext } from './world-events.js';

export function createSeedSales(context: WorldContext, totalSales: number) {
  const { world, store, till, bodies, fixable, random } = context;
  let recorded = 0;

  /** Records sale number `recorded` of kind `roll` (sim-sales.ts) at this wall time. */
  function recordNext(roll: number, wall: number): number {
    const number = recorded;
    const { sale, body, fixable: needsPerson } = simulatedSale(number, roll);
    if (needsPerson) fixable.add(number);
    bodies.expect(body);
    // Distinct times keep the queue's order the same on every run of this seed.
    const result = store.recordSale(checked(sale), { now: wall + number });
    if (!result.ok) throw new Error(result.error.message);
    recorded += 1;
    world.log(`sale #${result.value.receiptNumber} recorded`);
    till.notifySaleRecorded();
    return number;
  }
  /** The next planned sale, if any is left. */
  function recordSale(): void {
    if (recorded >= totalSales) return;
    if (context.busy.holder) world.schedule(world.time + 500, null, recordSale);
    else recordNext(random(), EPOCH + world.time);
  }
  return { recordNext, recordSale, recorded: () => recorded };
}
