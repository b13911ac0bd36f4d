import { useEffect, useState } from 'preact/hooks';
import type { ContractError, EventName, EventPayload } from '../../main/contract/contract';
import { api } from './api';

export type Status = EventPayload<'status'>;

/** Listens to one of the agent's events while the component is shown. */
export function useEvent<E extends EventName>(
  event: E,
  listener: (payload: EventPayload<E>) => void,
): void {
  useEffect(() => api.on(event, listener), [event, listener]);
}

// The status every component shows: one copy per page, kept current by the agent's
// events, and read again together with a list that is read again (see `withStatus`).
let latestStatus: Status | undefined;
const statusListeners = new Set<(status: Status) => void>();
function publishStatus(status: Status): void {
  latestStatus = status;
  for (const listener of statusListeners) listener(status);
}

/** The live sync status: read once, then kept current by the agent's events. */
export function useStatus(): Status | undefined {
  const [status, setStatus] = useState<Status | undefined>(latestStatus);
  useEffect(() => {
    statusListeners.add(setStatus);
    void api.getStatus({}).then((result) => result.ok && publishStatus(result.value));
    const stop = api.on('status', publishStatus);
    return () => {
      statusListeners.delete(setStatus);
      stop();
    };
  }, []);
  return status;
}

/**
 * Reads a list and the status side by side and shows both at once, so a list read again
 * (a refused sale appearing) never sits beside counts from before it.
 */
export async function withStatus<T>(
  read: Promise<{ ok: true; value: T } | { ok: false; error: ContractError }>,
): Promise<{ ok: true; value: T } | { ok: false; error: ContractError }> {
  const [result, status] = await Promise.all([read, api.getStatus({})]);
  if (status.ok) publishStatus(status.value);
  return result;
}

/** The time now, renewed every second, so relative times ("4 s ago") stay true. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
