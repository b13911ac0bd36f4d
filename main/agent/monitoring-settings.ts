// Where the till's metrics go, as the Settings screen shows and changes it. The addresses
// and the interval can be changed here (written to config.json, then the metrics restart);
// the token and the OTLP headers are secrets: only whether they are set is shown, and they
// are set in the environment or config.json.
import { invalidFields, fail, ok, type AppError, type Result } from '../../domain/result.js';
import type { SettingsView } from '../../domain/settings-view.js';
import { fieldErrorsFrom } from '../../db/field-errors.js';
import { said } from '../../domain/i18n/said.js';
import { savePlatformSettings } from '../config/platform-settings.js';
import type { MethodInput } from '../contract/contract.js';
import { metricsLayerSchema, metricsProblem } from '../metrics/metrics-settings.js';
import { tillId } from '../metrics/till-id.js';
import type { Runtime } from './runtime.js';

type Change = MethodInput<'updateMonitoring'>;

const changeSchema = metricsLayerSchema.pick({
  listen: true,
  otlpEndpoint: true,
  pushgatewayUrl: true,
  pushIntervalSeconds: true,
});

export function monitoringView(runtime: Runtime): SettingsView['monitoring'] {
  const metrics = runtime.config.metrics;
  return {
    tillId: tillId(runtime.dataDir),
    listen: metrics?.listen ?? null,
    servedAt: runtime.metricsUrl ?? null,
    tokenSet: Boolean(metrics?.token),
    otlpEndpoint: metrics?.otlpEndpoint ?? null,
    otlpHeadersSet: Boolean(metrics?.otlpHeaders),
    pushgatewayUrl: metrics?.pushgatewayUrl ?? null,
    pushIntervalSeconds: metrics?.pushIntervalSeconds ?? 60,
  };
}

/** Checks a change on its own and with what stays, writes it, restarts the metrics. */
export async function updateMonitoring(
  runtime: Runtime,
  change: Change,
  lockedError: (field: string, source: string) => AppError,
): Promise<Result<void>> {
  const locked = runtime.locked();
  for (const field of ['listen', 'otlpEndpoint', 'pushgatewayUrl'] as const)
    if (change[field] !== undefined && locked[field])
      return fail(lockedError(field, locked[field]));
  const given = Object.fromEntries(
    Object.entries(change).filter(([, value]) => value !== null && value !== undefined),
  );
  const parsed = changeSchema.safeParse(given);
  if (!parsed.success)
    return fail(invalidFields(said('errors.monitoring.notValid'), fieldErrorsFrom(parsed.error)));
  const next = { ...runtime.config.metrics, ...parsed.data };
  if (change.listen === null) delete next.listen; // the one the safety rule reads
  const problem = metricsProblem(next);
  if (problem)
    return fail(
      invalidFields(said('errors.monitoring.notSafe'), [{ path: '/listen', ...problem }]),
    );
  savePlatformSettings(runtime.dataDir, { metrics: { ...change, ...parsed.data } });
  await runtime.reload();
  return ok(undefined);
}
