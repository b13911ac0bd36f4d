// Whether a pass may send while the till knows the platform out of reach: it asks first
// (HEAD, main/sync/link-probe.ts) and, answered, sends off the other tills' beat. A person's
// Resync forgets what the till learnt of the link; a request that left before the press (a
// tick's probe, a sale) may still answer "out of reach" after it. The first pass begun
// after the press sends all the same: a Resync tries the sales, not only asks (the
// simulation's seed 3701: each of three presses met a probe under way, and only probes went).
import { probeLink } from './link-probe.js';
import type { LinkKnowledge } from './link-state.js';
import type { Pacer } from './pacer.js';
import type { PlatformClient } from './platform-client.js';

export interface OfflineGateDeps {
  link: LinkKnowledge;
  pacer: Pacer;
  signal: AbortSignal;
  /** The offline state was forgotten (the Resync requests' bookkeeping). */
  forgotten: () => void;
}

export function createOfflineGate({ link, pacer, signal, forgotten }: OfflineGateDeps) {
  /** A person asked to try since the last pass went through the gate. */
  let asked = false;
  function forget(): void {
    link.forgetOffline();
    forgotten();
  }
  return {
    /** Asked to try now: assume reachable, and the next pass sends whatever answers meanwhile. */
    forget(): void {
      forget();
      asked = true;
    },
    /** At a pass's start: whether it may send now (false: still out of reach). */
    async open(client: PlatformClient): Promise<boolean> {
      if (asked) {
        asked = false;
        if (link.offline) forget(); // learnt from a request that left before the ask
      }
      if (!link.offline) return true;
      if (!(await probeLink(client, link, signal))) return false;
      pacer.resume(); // back after an outage: not at the same moment as every other till
      return true;
    },
  };
}
