import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import {
  addProduct,
  cartLocale,
  confirmationReason,
  currentLine,
  emptyCart,
  nextPaymentMethod,
  removeLine,
  setQuantity,
  tenderedProblem,
} from '../../../domain/cart';
import { chargeProblem } from '../../../domain/cart-charged';
import type { CashierView } from '../../../domain/cashier';
import type { ProductView } from '../../../domain/sale';
import { CASH_METHOD } from '../../../domain/payment-methods';
import type { MethodOutput } from '../../../main/contract/contract';
import { CartLines } from '../components/cart-lines';
import { CashPanel } from '../components/cash-panel';
import { ChargeBar, type Confirming } from '../components/charge-bar';
import { CustomerPicker } from '../components/customer-picker';
import { Notice } from '../components/field';
import { HeldSales } from '../components/held-sales';
import { HoldForm } from '../components/hold-form';
import { ReceiptPaper } from '../components/paper';
import { PaymentChoice } from '../components/payment-choice';
import { PrinterNotice } from '../components/printer-notice';
import { ProductGrid } from '../components/product-grid';
import { SaleSaved } from '../components/sale-saved';
import { SetAsideCarts } from '../components/set-aside-carts';
import { ScanField } from '../components/scan-field';
import { ShortcutLegend } from '../components/shortcut-legend';
import { UnknownCodes } from '../components/unknown-codes';
import { useNow } from '../hooks';
import { formatMoney } from '../../../domain/views/money-format';
import { tillLocale } from '../locale';
import { cartActions } from '../till/cart-actions';
import { type ShortcutAction } from '../till/shortcuts';
import { useCounter } from '../till/use-counter';
import { useReceipt } from '../till/use-receipt';
import { useScanning } from '../till/use-scanning';
import { useProductSearch, useShortcuts } from '../till/use-counter-state';
import { useManagerApproval } from '../shift/manager-approval';
import { useDiscounting } from '../till/use-discounting';
import { useHolding } from '../till/use-holding';
import { ReturnEntry } from '../returns/return-entry';
import { useWords } from '../words';

type Settings = MethodOutput<'getSettings'>;
type Tone = 'ok' | 'error';

/** The till: scan or pick products, set quantities, take payment. Works offline. */
export function TillScreen({
  settings,
  cashiers = [],
}: {
  settings: Settings;
  /** The till's cashiers: a discount above the limit asks one of its managers for a PIN. */
  cashiers?: readonly CashierView[];
}) {
  const words = useWords();
  const till = settings.till;
  const { currency, currencyDecimals: decimals, paymentMethods } = till;
  const locale = tillLocale(till);
  const money = (minor: number) => formatMoney(minor, currency, decimals, 'symbol', locale);
  const defaultMethod = paymentMethods[0] ?? '';

  const [notice, setNotice] = useState<{ tone: Tone; text: string }>();
  const say = (tone: Tone, text: string) => setNotice({ tone, text });
  const counter = useCounter(defaultMethod, (text) => say('error', text), locale);
  const { cart, cartRef, update, queue } = counter;
  const [query, setQuery] = useState('');
  const products = useProductSearch(query);
  const receipts = useReceipt(
    (value) => <ReceiptPaper receipt={value} width={till.receiptWidth} decimals={decimals} />,
    (text) => say('error', text),
  );
  const [confirming, setConfirming] = useState<Confirming>();
  const approval = useManagerApproval(cashiers);
  const now = useNow();
  const searchRef = useRef<HTMLInputElement>(null);
  const tenderedRef = useRef<HTMLInputElement>(null);
  const customerRef = useRef<HTMLInputElement>(null);
  const focusSearch = () => searchRef.current?.focus();

  useEffect(() => {
    if (!paymentMethods.includes(cart.paymentMethod))
      update((current) => ({ ...current, paymentMethod: defaultMethod }));
  }, [paymentMethods, cart.paymentMethod, defaultMethod]);
  useLayoutEffect(focusSearch, []);

  const { holding, setHolding, noteRef, hold, recall } = useHolding(counter, say, () => {
    receipts.clear();
    focusSearch();
  });
  const discounts = useDiscounting({ cart, currency, money, update, done: focusSearch });
  // The cart's numbers as they were typed (the till's locale once the cashier types).
  const typedIn = cartLocale(cart);
  const total = discounts.totalMinor;
  const cash = cart.paymentMethod === CASH_METHOD;
  const cashProblem = cash
    ? tenderedProblem(cart.tendered, total, { currency, locale: typedIn }, money, words)
    : undefined;
  const blocked = chargeProblem(cart, currency, money, words);

  const add = (product: ProductView) => {
    receipts.clear();
    update((current) => addProduct(current, product));
  };

  const { scan, returning, setReturning } = useScanning(searchRef, counter, add, (text) =>
    say('error', text),
  );

  function newSale() {
    update(() => emptyCart(defaultMethod));
    setNotice(undefined);
  }

  /** F9 or Charge: for cash, first the amount tendered (keyboard); then charge. */
  function pay(fromKeyboard: boolean) {
    if (blocked) return say('error', blocked);
    const askTendered = fromKeyboard && cash && cart.tendered === '';
    if (askTendered && document.activeElement !== tenderedRef.current)
      return tenderedRef.current?.focus();
    const reason = confirmationReason(cart.lines, total, till, money, typedIn, words);
    if (!reason) return charge();
    setConfirming({
      question: words.t('till.charge.question', { total: money(total) }),
      reason,
      label: words.t('till.charge.button', { total: money(total) }),
      then: charge,
    });
  }

  function charge() {
    // Scans and taps wait in the queue behind this step: they start the next sale.
    queue.run(async () => {
      // Above the discount limit the agent asks for a manager: the PIN pad, then again.
      const result = await approval.run((pin) => counter.charge(pin));
      if (!result.ok) {
        const details = result.error.fields?.map((field) => words.say(field)).join('; ');
        return say(
          'error',
          details ? words.t('till.charge.notSaved', { details }) : words.error(result.error),
        );
      }
      setNotice(undefined);
      receipts.show(result.value, till.printAfterSale);
      focusSearch();
    });
  }

  const actions: Record<ShortcutAction, () => void> = {
    ...cartActions(
      cartRef,
      update,
      say,
      { discount: discounts.start, hold: () => setHolding(true) },
      words,
    ),
    nextPayment: () => update((current) => nextPaymentMethod(current, paymentMethods)),
    customer: () => customerRef.current?.focus(),
    newSale: () =>
      cartRef.current.lines.length === 0
        ? newSale()
        : setConfirming({
            question: words.t('till.newSale.question'),
            reason: words.t('till.newSale.reason'),
            label: words.t('till.newSale.confirm'),
            then: newSale,
          }),
    charge: () => pay(true),
    print: () => void receipts.printLast(),
  };
  useShortcuts(actions, confirming !== undefined || holding || discounts.open, searchRef);
  const current = currentLine(cart);

  return (
    <div class="till">
      <section class="catalog" aria-label={words.t('till.screen.products')}>
        <ScanField inputRef={searchRef} onQuery={setQuery} onCode={scan} />
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <PrinterNotice till={till} />
        <UnknownCodes
          codes={cart.unknownCodes}
          onDismiss={() => {
            update((current) => ({ ...current, unknownCodes: [] }));
            focusSearch();
          }}
        />
        <SetAsideCarts carts={counter.setAside} onDismiss={counter.dismissSetAside} />
        <ReturnEntry
          returning={returning}
          till={till}
          money={money}
          onStart={setReturning}
          onClose={() => {
            setReturning(undefined);
            focusSearch();
          }}
        />
        <ProductGrid
          products={products}
          money={money}
          onAdd={(product) => {
            queue.run(async () => add(product));
            focusSearch();
          }}
        />
        <ShortcutLegend />
      </section>

      <section class="cart" aria-label={words.t('till.screen.cart')}>
        <h2>{words.t('till.screen.cart')}</h2>
        <HeldSales held={counter.held} now={now} money={money} onRecall={recall} />
        <CartLines
          lines={cart.lines}
          currentProductId={current?.product.id}
          locale={typedIn}
          money={money}
          lineDiscounts={discounts.lineDiscounts}
          onQuantity={(id, text) => update((current) => setQuantity(current, id, text))}
          onRemove={(id) => {
            update((current) => removeLine(current, id));
            focusSearch();
          }}
          onDone={focusSearch}
        />
        <div class="cart-foot">
          <PaymentChoice
            methods={paymentMethods}
            value={cart.paymentMethod}
            onChange={(method) => {
              update((current) => ({ ...current, paymentMethod: method }));
              focusSearch();
            }}
          />
          <CustomerPicker
            customer={cart.customer ?? undefined}
            inputRef={customerRef}
            onChange={(chosen) => {
              update((current) => ({ ...current, customer: chosen ?? null }));
              focusSearch();
            }}
          />
          {cash && cart.lines.length > 0 && (
            <CashPanel
              totalMinor={total}
              currency={currency}
              locale={typedIn}
              tendered={cart.tendered}
              problem={cashProblem}
              money={money}
              inputRef={tenderedRef}
              onTendered={(text) => update((current) => ({ ...current, tendered: text }))}
              onSubmit={() => pay(false)}
            />
          )}
          {discounts.rows}
          <p class="total">
            {words.t('till.screen.total')} <strong data-testid="cart-total">{money(total)}</strong>
          </p>
          {approval.prompt}
          {discounts.form}
          {holding ? (
            <HoldForm
              noteRef={noteRef}
              onHold={hold}
              onCancel={() => {
                setHolding(false);
                focusSearch();
              }}
            />
          ) : (
            <ChargeBar
              total={money(total)}
              blocked={blocked}
              showBlocked={cart.lines.length > 0}
              confirming={confirming}
              onCharge={() => pay(false)}
              onHold={actions.hold}
              onDiscount={actions.discount}
              onAnswer={(confirmed) => {
                setConfirming(undefined);
                if (confirmed) confirming?.then();
                focusSearch();
              }}
            />
          )}
          {receipts.receipt && (
            <SaleSaved receipt={receipts.receipt} money={money} onPrint={actions.print} />
          )}
        </div>
      </section>
    </div>
  );
}
