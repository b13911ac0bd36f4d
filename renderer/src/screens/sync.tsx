import { useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { viewStatus } from '../../../domain/views/status-view';
import { STATE_WORDS } from '../../../domain/sale-states';
import { api } from '../api';
import { RefusedItem } from '../components/refused-item';
import { mayVoid, VoidSale } from '../components/void-sale';
import { ReturnPanel } from '../returns/return-panel';
import { whyNotReturnable } from '../../../domain/returns';
import { useReprint } from '../components/reprint';
import { ExportForm } from '../components/export-form';
import { Notice } from '../components/field';
import { useNow, type Status } from '../hooks';
import { useRefusedSales, useSalesPages } from '../sync-lists';
import { useScreenNotice } from '../sale-notice';
import { formatMoney } from '../../../domain/views/money-format';
import { tillLocale } from '../locale';
import { formatTime } from '../money';

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
  // In the till's locale, like the prices typed in a refused sale's editor.
  const locale = tillLocale(settings.till);
  const money = (minor: number) => formatMoney(minor, currency, currencyDecimals, 'symbol', locale);
  const now = useNow();
  const view = status ? viewStatus(status, now) : undefined;
  const pages = useSalesPages();
  const reprint = useReprint(settings.till);
  const [receipt, setReceipt] = useState('');
  const refusedSales = useRefusedSales(status);
  const { notice, show: setNotice } = useScreenNotice(refusedSales.list);
  const [busy, setBusy] = useState(false);
  /** The receipt a return is being made against, from a row's Return or a refused void. */
  const [returning, setReturning] = useState<number>();

  async function resyncNow() {
    setBusy(true);
    setNotice(undefined);
    const result = await api.resyncNow({});
    setBusy(false);
    if (!result.ok) return setNotice({ tone: 'error', text: result.error.message });
    const { synced, refused, requeued, paused, skipped } = result.value;
    const why =
      skipped === 'offline'
        ? ' The platform cannot be reached.'
        : skipped === 'lease_held'
          ? ' Another Tillsync process is sending for this till.'
          : '';
    setNotice({
      tone: paused > 0 || skipped === 'paused' ? 'error' : 'ok',
      text: `Resync done: ${synced} sent, ${refused} refused, ${requeued + paused} still waiting.${why}${paused > 0 ? ' The key was rejected.' : ''}`,
    });
  }

  return (
    <div class="sync">
      <section aria-label="Sync figures" class="figures">
        <Figure label="Waiting to send" value={view?.waiting} testId="count-waiting" />
        <Figure label="Synced" value={status?.counts.synced} testId="count-synced" />
        <Figure label="Refused" value={view?.refused} testId="count-refused" />
        <Figure label="Stale (over a day)" value={status?.stale} testId="count-stale" />
        <Figure label="Uncertain" value={view?.uncertain} testId="count-uncertain" />
      </section>
      {view?.warnings.map((warning) => (
        <Notice key={warning} tone="error">
          {warning}
        </Notice>
      ))}
      <dl class="times">
        <dt>Shift</dt>
        <dd data-testid="shift-line" data-open={status ? status.shift !== null : undefined}>
          {view?.shift ?? '…'}
        </dd>
        <dt>Last successful sync</dt>
        <dd data-testid="last-success">{view?.lastSuccess ?? '…'}</dd>
        <dt>Next attempt</dt>
        <dd data-testid="next-attempt">{view?.nextAttempt ?? '…'}</dd>
        {view?.lastError && (
          <>
            <dt>{view.lastError.past ? 'Last error (since resolved)' : 'Last error'}</dt>
            <dd data-testid="last-error" data-past={view.lastError.past}>
              {view.lastError.when}: {view.lastError.message}
            </dd>
          </>
        )}
      </dl>
      <div class="actions">
        <button type="button" class="primary" onClick={() => void resyncNow()} disabled={busy}>
          {busy ? 'Resyncing…' : 'Resync now'}
        </button>
      </div>
      {notice && (
        <div data-testid="sync-notice">
          <Notice tone={notice.tone}>{notice.text}</Notice>
        </div>
      )}

      <section aria-labelledby="refused-title">
        <h2 id="refused-title">Refused by the platform</h2>
        {refusedSales.list?.length === 0 && (
          <p class="empty">None: the platform has accepted every sale it has seen.</p>
        )}
        <ul class="refused-sales">
          {refusedSales.list?.map((refusedSale) => (
            <RefusedItem
              key={`${refusedSale.saleId}-${refusedSale.revision}`}
              refusedSale={refusedSale}
              money={money}
              settings={settings}
              onDone={(done) => {
                setNotice(done);
                refusedSales.reload();
              }}
            />
          ))}
        </ul>
      </section>

      <section aria-labelledby="recent-title">
        <h2 id="recent-title">{pages.newest ? 'Recent sales' : 'Sales'}</h2>
        <form
          class="find-receipt"
          onSubmit={(event) => {
            event.preventDefault();
            const wanted = Number(receipt.replace('#', ''));
            if (Number.isInteger(wanted) && wanted > 0) void pages.find(wanted);
          }}
        >
          <label for="find-receipt">Find receipt #</label>
          <input
            id="find-receipt"
            inputMode="numeric"
            value={receipt}
            onInput={(event) => setReceipt(event.currentTarget.value)}
          />
          <button type="submit">Find</button>
        </form>
        {pages.problem && <Notice tone="error">{pages.problem}</Notice>}
        {reprint.view}
        {returning !== undefined && (
          <ReturnPanel
            key={returning}
            start={String(returning)}
            till={settings.till}
            money={money}
            onClose={() => setReturning(undefined)}
          />
        )}
        <table class="sales">
          <thead>
            <tr>
              <th scope="col">Receipt</th>
              <th scope="col">Time</th>
              <th scope="col">Total</th>
              <th scope="col">State</th>
              <th scope="col">
                <span class="visually-hidden">Receipt</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.sales?.map((sale) => (
              <tr key={sale.saleId} data-receipt={sale.receiptNumber}>
                <td>#{sale.receiptNumber}</td>
                <td>{formatTime(sale.createdAt)}</td>
                <td>{money(sale.totalMinor)}</td>
                <td>
                  <span class={`state state-${sale.state}`}>{STATE_WORDS[sale.state]}</span>
                  {sale.uncertain && <span class="doubt"> may be on the platform</span>}
                </td>
                <td>
                  <button type="button" onClick={() => void reprint.open(sale.saleId)}>
                    Reprint<span class="visually-hidden"> receipt #{sale.receiptNumber}</span>
                  </button>
                  {mayVoid(sale) && (
                    <VoidSale
                      sale={sale}
                      onDone={(answer) => {
                        setNotice(
                          'voided' in answer
                            ? {
                                tone: 'ok',
                                text: `Receipt #${answer.voided.receiptNumber} voided: it will not be sent.${answer.voided.cashMinor ? ` Give back ${money(answer.voided.cashMinor)} from the drawer.` : ''}`,
                              }
                            : { tone: 'error', text: answer.problem },
                        );
                        // Too late to void: the return it offers, opened on the spot.
                        if ('problem' in answer) setReturning(sale.receiptNumber);
                      }}
                    />
                  )}
                  {whyNotReturnable(sale.receiptNumber, sale.state) === null && (
                    <button type="button" onClick={() => setReturning(sale.receiptNumber)}>
                      Return<span class="visually-hidden"> from receipt #{sale.receiptNumber}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div class="pager">
          <button type="button" disabled={pages.newest} onClick={() => void pages.newer()}>
            Newer
          </button>
          <button type="button" disabled={!pages.hasOlder} onClick={() => void pages.older()}>
            Older
          </button>
        </div>
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
