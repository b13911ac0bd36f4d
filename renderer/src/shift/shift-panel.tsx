// The shift on the Today screen: open it with a counted float, the drawer's entries, the
// X report, the close with its count, the Z report it makes, and every Z report before.
import { useState } from 'preact/hooks';
import {
  MANUAL_DRAWER_KINDS,
  type ManualDrawerKind,
  type ShiftReport,
} from '../../../domain/shift';
import { formatMoney } from '../../../domain/views/money-format';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { tillLocale } from '../locale';
import { Notice } from '../components/field';
import { CashierBar } from './cashier-bar';
import { CloseFigures } from './close-figures';
import { CloseShift } from './close-shift';
import { DrawerEntryForm } from './drawer-entry-form';
import { useManagerApproval } from './manager-approval';
import { OpenShiftForm } from './open-shift-form';
import { ReportView } from './report-view';
import { ShiftSummaryLine } from './shift-summary';
import { SignInPanel } from './sign-in-panel';
import { needsSignIn, useShift } from './use-shift';
import { ZReportList } from './z-reports';
import { useWords } from '../words';

type Till = MethodOutput<'getSettings'>['till'];
/** What the panel shows under the shift: a drawer entry's form, the X report, counting the float. */
type Open = ManualDrawerKind | 'x-report' | 'count-float' | undefined;

export function ShiftPanel({ till }: { till: Till }) {
  const words = useWords();
  const { currency, currencyDecimals: decimals, receiptWidth: width } = till;
  // Amounts typed and shown the way the shop writes numbers.
  const typing = { currency, locale: tillLocale(till) };
  const money = (minor: number) => formatMoney(minor, currency, decimals, 'symbol', typing.locale);
  const { state, problem, refresh } = useShift();
  const approval = useManagerApproval(state?.cashiers ?? []);
  const [open, setOpen] = useState<Open>();
  const [closed, setClosed] = useState<ShiftReport>();
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string }>();
  const [closes, setCloses] = useState(0);

  const done = (text?: string) => {
    setOpen(undefined);
    setNotice(text ? { tone: 'ok', text } : undefined);
    void refresh();
  };

  async function beginClose() {
    setClosed(undefined);
    const result = await api.beginClose({});
    if (!result.ok) return setNotice({ tone: 'error', text: words.error(result.error) });
    done();
  }

  if (!state)
    return problem ? (
      <Notice tone="error">{problem}</Notice>
    ) : (
      <p class="empty">{words.t('shift.panel.reading')}</p>
    );
  const shift = state.shift;
  return (
    <section class="shift" aria-labelledby="shift-title">
      <h2 id="shift-title">{words.t('shift.panel.title')}</h2>
      {state.signedIn && <CashierBar cashier={state.signedIn} onSignedOut={() => done()} />}
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {closed && (
        <>
          <Notice tone="ok">
            {words.t('shift.panel.closed', { number: String(closed.number) })}
          </Notice>
          <CloseFigures
            expectedMinor={closed.expectedMinor}
            countedMinor={closed.countedMinor}
            differenceMinor={closed.differenceMinor}
            money={money}
          />
          <ReportView key={closed.number} number={closed.number ?? undefined} width={width} />
        </>
      )}
      {needsSignIn(state) ? (
        <SignInPanel cashiers={state.cashiers} onSignedIn={() => done()} />
      ) : !shift ? (
        <>
          <p>{words.t('shift.panel.noShift')}</p>
          <OpenShiftForm
            typing={typing}
            suggestedFloatMinor={state.suggestedFloatMinor}
            countingOnly={false}
            onOpened={() => {
              setClosed(undefined);
              done(words.t('shift.panel.opened'));
            }}
          />
        </>
      ) : shift.state === 'closing' ? (
        <>
          <ShiftSummaryLine shift={shift} money={money} />
          <CloseShift
            state={state}
            typing={typing}
            money={money}
            approval={approval}
            onClosed={(report) => {
              setCloses((n) => n + 1);
              // The report shows once the shift reads closed: never beside the count.
              done();
              void refresh().then(() => setClosed(report));
            }}
            onCancelled={() => done(words.t('shift.panel.closeCancelled'))}
          />
        </>
      ) : (
        <>
          <ShiftSummaryLine shift={shift} money={money} />
          <div class="actions" role="group" aria-label={words.t('shift.panel.drawer')}>
            {!shift.floatCounted && (
              <button type="button" onClick={() => setOpen('count-float')}>
                {words.t('shift.panel.countFloat')}
              </button>
            )}
            {MANUAL_DRAWER_KINDS.map((kind) => (
              <button
                key={kind}
                type="button"
                aria-pressed={open === kind}
                onClick={() => setOpen(kind)}
              >
                {words.t('shift.drawer.kind', { kind })}
              </button>
            ))}
            <button
              type="button"
              aria-pressed={open === 'x-report'}
              onClick={() => setOpen('x-report')}
            >
              {words.t('shift.report.x')}
            </button>
            <button type="button" class="primary" onClick={() => void beginClose()}>
              {words.t('shift.action.closeShift')}
            </button>
          </div>
          {open === 'count-float' && (
            <OpenShiftForm
              typing={typing}
              suggestedFloatMinor={state.suggestedFloatMinor}
              countingOnly
              onOpened={() => done(words.t('shift.panel.floatSaved'))}
            />
          )}
          {open === 'x-report' && <ReportView width={width} onClose={() => setOpen(undefined)} />}
          {open && open !== 'x-report' && open !== 'count-float' && (
            <DrawerEntryForm
              key={open}
              kind={open}
              typing={typing}
              approval={approval}
              onSaved={done}
              onCancel={() => setOpen(undefined)}
            />
          )}
        </>
      )}
      <ZReportList version={closes} width={width} money={money} />
    </section>
  );
}
