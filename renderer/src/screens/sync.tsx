import { useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { viewStatus } from '../../../domain/views/status-view';
import { STATE_KEYS } from '../../../domain/sale-states';
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
import { formatTime, screenTimeZone } from '../money';
import { useWords } from '../words';
import type { Translator } from '../../../domain/i18n/messages';

type Settings = MethodOutput<'getSettings'>;

/** What a void tells the cashier: the sale stays unsent, and the cash to give back, if any. */
function voidedText(
  voided: { receiptNumber: number; cashMinor?: number | null },
  money: (minor: number) => string,
  words: Translator,
): string {
  const said = words.t('sync.row.voided', { receipt: String(voided.receiptNumber) });
  if (!voided.cashMinor) return said;
  return `${said} ${words.t('sync.row.giveBack', { amount: money(voided.cashMinor) })}`;
}

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
  const words = useWords();
  const { t } = words;
  const view = status ? viewStatus(status, now, screenTimeZone(), words) : undefined;
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
    if (!result.ok) return setNotice({ tone: 'error', text: words.error(result.error) });
    const { synced, refused, requeued, paused, skipped } = result.value;
    const done = t('sync.resync.done', { synced, refused, waiting: requeued + paused });
    const why =
      skipped === 'offline'
        ? t('sync.resync.offline')
        : skipped === 'lease_held'
          ? t('sync.resync.leaseHeld')
          : undefined;
    const keyRejected = paused > 0 ? t('sync.resync.keyRejected') : undefined;
    setNotice({
      tone: paused > 0 || skipped === 'paused' ? 'error' : 'ok',
      text: [done, why, keyRejected].filter(Boolean).join(' '),
    });
  }

  return (
    <div class="sync">
      <section aria-label={t('sync.figures.label')} class="figures">
        <Figure label={t('sync.figures.waiting')} value={view?.waiting} testId="count-waiting" />
        <Figure
          label={t('sync.figures.synced')}
          value={status?.counts.synced}
          testId="count-synced"
        />
        <Figure label={t('sync.figures.refused')} value={view?.refused} testId="count-refused" />
        <Figure label={t('sync.figures.stale')} value={status?.stale} testId="count-stale" />
        <Figure
          label={t('sync.figures.uncertain')}
          value={view?.uncertain}
          testId="count-uncertain"
        />
      </section>
      {view?.warnings.map((warning) => (
        <Notice key={warning} tone="error">
          {warning}
        </Notice>
      ))}
      <dl class="times">
        <dt>{t('sync.times.shift')}</dt>
        <dd data-testid="shift-line" data-open={status ? status.shift !== null : undefined}>
          {view?.shift ?? '…'}
        </dd>
        <dt>{t('sync.times.lastSuccess')}</dt>
        <dd data-testid="last-success">{view?.lastSuccess ?? '…'}</dd>
        <dt>{t('sync.times.nextAttempt')}</dt>
        <dd data-testid="next-attempt">{view?.nextAttempt ?? '…'}</dd>
        {view?.lastError && (
          <>
            <dt>{t(view.lastError.past ? 'sync.times.lastErrorPast' : 'sync.times.lastError')}</dt>
            <dd data-testid="last-error" data-past={view.lastError.past}>
              {t('sync.times.errorLine', view.lastError)}
            </dd>
          </>
        )}
      </dl>
      <div class="actions">
        <button type="button" class="primary" onClick={() => void resyncNow()} disabled={busy}>
          {t(busy ? 'sync.resync.busy' : 'sync.resync.button')}
        </button>
      </div>
      {notice && (
        <div data-testid="sync-notice">
          <Notice tone={notice.tone}>{notice.text}</Notice>
        </div>
      )}

      <section aria-labelledby="refused-title">
        <h2 id="refused-title">{t('sync.refused.title')}</h2>
        {refusedSales.list?.length === 0 && <p class="empty">{t('sync.refused.none')}</p>}
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
        <h2 id="recent-title">{t(pages.newest ? 'sync.recent.title' : 'sync.recent.older')}</h2>
        <form
          class="find-receipt"
          onSubmit={(event) => {
            event.preventDefault();
            const wanted = Number(receipt.replace('#', ''));
            if (Number.isInteger(wanted) && wanted > 0) void pages.find(wanted);
          }}
        >
          <label for="find-receipt">{t('sync.find.label')}</label>
          <input
            id="find-receipt"
            inputMode="numeric"
            value={receipt}
            onInput={(event) => setReceipt(event.currentTarget.value)}
          />
          <button type="submit">{t('sync.find.button')}</button>
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
              <th scope="col">{t('sync.table.receipt')}</th>
              <th scope="col">{t('sync.table.time')}</th>
              <th scope="col">{t('sync.table.total')}</th>
              <th scope="col">{t('sync.table.state')}</th>
              <th scope="col">
                <span class="visually-hidden">{t('sync.table.receipt')}</span>
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
                  <span class={`state state-${sale.state}`}>{t(STATE_KEYS[sale.state])}</span>
                  {sale.uncertain && <span class="doubt"> {t('sync.row.doubt')}</span>}
                </td>
                <td>
                  <button type="button" onClick={() => void reprint.open(sale.saleId)}>
                    {t('sync.row.reprint')}
                    <span class="visually-hidden">
                      {' '}
                      {t('sync.row.receipt', { receipt: String(sale.receiptNumber) })}
                    </span>
                  </button>
                  {mayVoid(sale) && (
                    <VoidSale
                      sale={sale}
                      onDone={(answer) => {
                        setNotice(
                          'voided' in answer
                            ? {
                                tone: 'ok',
                                text: voidedText(answer.voided, money, words),
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
                      {t('sync.row.return')}
                      <span class="visually-hidden">
                        {' '}
                        {t('sync.row.fromReceipt', { receipt: String(sale.receiptNumber) })}
                      </span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div class="pager">
          <button type="button" disabled={pages.newest} onClick={() => void pages.newer()}>
            {t('sync.pager.newer')}
          </button>
          <button type="button" disabled={!pages.hasOlder} onClick={() => void pages.older()}>
            {t('sync.pager.older')}
          </button>
        </div>
      </section>

      <ExportForm />
    </div>
  );
}

/** A count with its label; the count in the till's figures (1.234 in Germany). */
function Figure({
  label,
  value,
  testId,
}: {
  label: string;
  value: number | undefined;
  testId: string;
}) {
  const { locale } = useWords();
  return (
    <div class="figure">
      <span class="figure-value" data-testid={testId}>
        {value === undefined ? '…' : new Intl.NumberFormat(locale).format(value)}
      </span>
      <span class="figure-label">{label}</span>
    </div>
  );
}
