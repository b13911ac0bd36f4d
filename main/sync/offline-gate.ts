// Whether a pass may send while the till knows the platform out of reach: it asks first
// (HEAD, main/sync/link-probe.ts) and, answered, sends off the other tills' beat. A person's
// Resync forgets what the till learnt of the link.
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
  return {
    /** Asked to try now: assume reachable until told otherwise. */
    forget(): void {
      link.forgetOffline();
      forgotten();
    },
    /** At a pass's start: whether it may send now (false: still out of reach). */
    async open(client: PlatformClient): Promise<boolean> {
      if (!link.offline) return true;
      if (!(await probeLink(client, link, signal))) return false;
      pacer.resume(); // back after an outage: not at the same moment as every other till
      return true;
    },
  };
}
