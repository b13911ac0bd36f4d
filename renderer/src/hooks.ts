import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ContractError, EventPayload } from '../../main/contract/contract';
import { api } from './api';

export type Status = EventPayload<'status'>;

/** The live sync status: read once, then kept current by the agent's events. */
export function useStatus(): Status | undefined {
  const [status, setStatus] = useState<Status>();
  useEffect(() => {
    void api.getStatus({}).then((result) => result.ok && setStatus(result.value));
    return api.on('status', setStatus);
  }, []);
  return status;
}

/** Calls `load` now and whenever a sale changes state; `reload` calls it again on demand. */
export function useLive<T>(
  load: () => Promise<{ ok: true; value: T } | { ok: false; error: ContractError }>,
) {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState<ContractError>();
  const reload = useCallback(async () => {
    const result = await load();
    if (result.ok) {
      setValue(result.value);
      setError(undefined);
    } else setError(result.error);
  }, [load]);
  useEffect(() => {
    void reload();
    const stopSales = api.on('saleChanged', () => void reload());
    const stopStatus = api.on('status', () => void reload());
    return () => {
      stopSales();
      stopStatus();
    };
  }, [reload]);
  return { value, error, reload };
}
