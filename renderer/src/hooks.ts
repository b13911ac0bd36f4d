import { useEffect, useState } from 'preact/hooks';
import type { EventName, EventPayload } from '../../main/contract/contract';
import { api } from './api';

export type Status = EventPayload<'status'>;

/** Listens to one of the agent's events while the component is shown. */
export function useEvent<E extends EventName>(
  event: E,
  listener: (payload: EventPayload<E>) => void,
): void {
  useEffect(() => api.on(event, listener), [event, listener]);
}

/** The live sync status: read once, then kept current by the agent's events. */
export function useStatus(): Status | undefined {
  const [status, setStatus] = useState<Status>();
  useEffect(() => {
    void api.getStatus({}).then((result) => result.ok && setStatus(result.value));
  }, []);
  useEvent('status', setStatus);
  return status;
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
