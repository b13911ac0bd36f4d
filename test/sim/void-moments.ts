// A cashier voids a sale the till has not sent yet, just as the engine hears the answer to
// another: the voided sale is then often in the batch the engine's pass read, not yet
// claimed, so its claim finds it gone (db/outbox.ts) and the pass goes on with the rest.
// Void and claim are one decision (db/void.ts): whichever commits first wins, and a sale
// voided is never sent (final-checks.ts). Without this moment no world of seeds 1 to 40
// had a claim refused. Drawn from a stream of its own, once a world at most, in every world
// (seed 1910's key-honouring world failed with it at 9be17aa: a Resync pressed during an
// offline probe, the bug of seed 3701 fixed on main since; it passes there).
import type Database from 'better-sqlite3';
import type { Answer } from '../../main/sync/classify.js';
import type { WorldContext } from './world-events.js';
import { EPOCH } from './world.js';

/** Struck at most once a world, at an answer to a sale heard while another waits unsent. */
export function voidBeforeClaim(
  context: () => WorldContext,
  checker: Database.Database,
  chance: () => number,
) {
  const unsent = checker
    .prepare(
      `select o.sale_id from outbox o where o.state = 'pending' and o.claim_owner is null
         and o.request_body is null order by o.created_at, o.rowid limit 1 offset ?`,
    )
    .pluck();
  let strikes = chance() < 0.4 ? 1 : 0;
  return (_pid: number, answer: Answer): void => {
    const { world, faultsUntil, store, busy } = context();
    if (strikes === 0 || world.time >= faultsUntil || busy.holder) return;
    if (answer.kind !== 'response' || chance() >= 0.5) return;
    // The sale after the next one, as often as the next: a worker may claim the next at once.
    const saleId = unsent.get(Math.floor(chance() * 2)) as string | undefined;
    if (!saleId) return;
    strikes -= 1;
    const voided = store.voidSale(
      saleId,
      { reason: 'The customer changed their mind' },
      { now: EPOCH + world.time },
    );
    world.log(
      `a cashier voids sale ${store.getSale(saleId)?.customerId ?? saleId}: ${voided.ok ? 'voided' : voided.error.code}`,
    );
  };
}
