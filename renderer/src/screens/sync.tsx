import { useCallback, useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { ConflictItem } from '../components/conflict-item';
import { ExportForm } from '../components/export-form';
import { Notice } from '../components/field';
import { useLive, type Status } from '../hooks';
import { formatAgo, formatMoney, formatTime } from '../money';

type Settings = MethodOutput<'getSettings'>;

/** Where the sales stand: what waits, what was refused and why, and Resync now. */
export function SyncScreen({
  status,
  settings,
}: {
  status: Status | undefined;
  settings: Settings;
}) {
  const { currency, currencyDecimals } = settings.till;
  const money = (minor: number) => formatMoney(minor, currency, currencyDecimals);
  const loadConflicts = useCallback(() => api.listConflicts({}), []);
  const loadSales = useCallback(() => api.listSales({ limit: 20 }), []);
  const conflicts = useLive(loadConflicts);
  const sales = useLive(loadSales);
  const [resync, setResync] = useState<{ tone: 'ok' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);

  async function resyncNow() {
    setBusy(true);
    const result = await api.resyncNow({});
    setBusy(false);
    if (!result.ok) return setResync({ tone: 'error', text: result.error.message });
    const { synced, conflict, deferred, paused, skipped } = result.value;
    const why =
      skipped === 'offline'
        ? ' The platform cannot be reached.'
        : skipped === 'lease_held'
          ? ' Another Tillsync process is sending for this till.'
          : '';
    setResync({
      tone: paused > 0 || skipped === 'paused' ? 'error' : 'ok',
      text: `Resync done: ${synced} sent, ${conflict} refused, ${deferred + paused} still waiting.${why}${paused > 0 ? ' The key was rejected.' : ''}`,
    });
  }

  return (
    <div class="sync">
      <section aria-label="Sync figures" class="figures">
        <Figure
          label="Pending"
          value={status ? status.counts.pending + status.counts.sending : undefined}
          testId="count-pending"
        />
        <Figure label="Synced" value={status?.counts.synced} testId="count-synced" />
        <Figure label="Conflicts" value={status?.counts.conflict} testId="count-conflict" />
        <Figure label="Stale (over a day)" value={status?.stale} testId="count-stale" />
        <Figure label="In doubt" value={status?.uncertain} testId="count-uncertain" />
      </section>
      {status && status.uncertain > 0 && (
        <Notice tone="error">
          {status.uncertain} sale(s) were sent without an answer and may already be on the platform
          {status.keysHonoured ? '' : ' (twice, if they were sent again)'}. Look them up on the
          platform: they are marked “may be on the platform” below.
        </Notice>
      )}
      {status?.throttledUntil && (
        <Notice tone="ok">
          The platform asked this till to slow down; sending resumes{' '}
          {formatAgo(status.throttledUntil)} by itself.
        </Notice>
      )}
      {status?.storageProblem && (
        <Notice tone="error">
          Sync cannot write to this till's database ({status.storageProblem.message}). Free disk
          space or fix the disk; nothing already saved is lost.
        </Notice>
      )}
      {status?.clockStep && (
        <Notice tone="error">
          This till's clock jumped by{' '}
          {formatAgo(Date.now() - Math.abs(status.clockStep.ms)).replace(' ago', '')}. Sync keeps
          its own steady time; please check the clock.
        </Notice>
      )}
      <dl class="times">
        <dt>Last successful sync</dt>
        <dd>{status ? formatAgo(status.lastSuccessAt) : '…'}</dd>
        <dt>Next attempt</dt>
        <dd>
          {status?.nextAttemptAt
            ? formatAgo(Math.max(status.nextAttemptAt, Date.now()))
            : 'nothing waiting'}
        </dd>
        {status?.lastError && (
          <>
            <dt>Last error</dt>
            <dd>{status.lastError.message}</dd>
          </>
        )}
      </dl>
      {status?.clockSkewMs && (
        <Notice tone="error">
          This till's clock is{' '}
          {formatAgo(Date.now() - Math.abs(status.clockSkewMs)).replace(' ago', '')} off the
          platform's. Receipts carry the till's time: please set the clock.
        </Notice>
      )}
      <div class="actions">
        <button type="button" class="primary" onClick={() => void resyncNow()} disabled={busy}>
          {busy ? 'Resyncing…' : 'Resync now'}
        </button>
        {resync && <Notice tone={resync.tone}>{resync.text}</Notice>}
      </div>

      <section aria-labelledby="conflicts-title">
        <h2 id="conflicts-title">Refused by the platform</h2>
        {conflicts.value?.length === 0 && (
          <p class="empty">None: the platform has accepted every sale it has seen.</p>
        )}
        <ul class="conflicts">
          {conflicts.value?.map((conflict) => (
            <ConflictItem
              key={`${conflict.saleId}-${conflict.revision}`}
              conflict={conflict}
              money={money}
              settings={settings}
            />
          ))}
        </ul>
      </section>

      <section aria-labelledby="recent-title">
        <h2 id="recent-title">Recent sales</h2>
        <table class="sales">
          <thead>
            <tr>
              <th scope="col">Receipt</th>
              <th scope="col">Time</th>
              <th scope="col">Total</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {sales.value?.sales.map((sale) => (
              <tr key={sale.id} data-receipt={sale.receiptNumber}>
                <td>#{sale.receiptNumber}</td>
                <td>{formatTime(sale.createdAt)}</td>
                <td>{money(sale.totalMinor)}</td>
                <td>
                  <span class={`state state-${sale.state}`}>{sale.state}</span>
                  {sale.uncertain && <span class="doubt"> may be on the platform</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <ExportForm />
    </div>
  );
}

function Figure({
  label,
  value,
  testId,
}: {
  label: string;
  value: number | undefined;
  testId: string;
}) {
  return (
    <div class="figure">
      <span class="figure-value" data-testid={testId}>
        {value ?? '…'}
      </span>
      <span class="figure-label">{label}</span>
    </div>
  );
}
