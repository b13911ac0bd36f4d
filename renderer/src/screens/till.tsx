import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { CartLines } from '../components/cart-lines';
import { CashPanel, tenderedProblem } from '../components/cash-panel';
import { ConfirmBar } from '../components/confirm-bar';
import { CustomerPicker, type Customer } from '../components/customer-picker';
import { Notice } from '../components/field';
import { PaymentChoice } from '../components/payment-choice';
import { ProductGrid } from '../components/product-grid';
import { SaleSaved } from '../components/sale-saved';
import { ScanField } from '../components/scan-field';
import { ShortcutLegend } from '../components/shortcut-legend';
import { ReceiptPaper } from '../components/paper';
import { formatMoney } from '../money';
import { printDocument, setPrintable } from '../print';
import { beep } from '../till/beep';
import {
  addProduct,
  cartTotalMinor,
  confirmationReason,
  lineProblem,
  parseMoney,
  type Product,
} from '../till/cart';
import { createCounterQueue } from '../till/counter-queue';
import { useCart, useProductSearch, useShortcuts } from '../till/use-counter-state';
import { ariaKeys, type ShortcutAction } from '../till/shortcuts';

type Settings = MethodOutput<'getSettings'>;
type Receipt = MethodOutput<'getReceipt'>;

/** The till: scan or pick products, set quantities, take payment. Works offline. */
export function TillScreen({ settings }: { settings: Settings }) {
  const till = settings.till;
  const { currency, currencyDecimals: decimals, paymentMethods, limits } = till;
  const money = (minor: number) => formatMoney(minor, currency, decimals);
  const defaultMethod = paymentMethods[0] ?? '';

  const { cart, cartRef, setCart } = useCart();
  const [query, setQuery] = useState('');
  const products = useProductSearch(query);
  const [payment, setPayment] = useState(defaultMethod);
  const [customer, setCustomer] = useState<Customer>();
  const [tendered, setTendered] = useState('');
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string }>();
  const [receipt, setReceipt] = useState<Receipt>();
  const [confirming, setConfirming] = useState<{
    question: string;
    reason: string;
    label: string;
    then(): void;
  }>();
  const searchRef = useRef<HTMLInputElement>(null);
  const tenderedRef = useRef<HTMLInputElement>(null);
  const customerRef = useRef<HTMLInputElement>(null);
  const lastQuantityRef = useRef<HTMLInputElement>(null);
  const queue = useMemo(createCounterQueue, []);
  const focusSearch = () => searchRef.current?.focus();

  useEffect(() => {
    if (!paymentMethods.includes(payment)) setPayment(defaultMethod);
  }, [paymentMethods, payment, defaultMethod]);
  useLayoutEffect(focusSearch, []);

  const total = cartTotalMinor(cart);
  const cash = payment === limits.cashMethod;
  const lineProblems = cart.map((line) => lineProblem(line, limits)).filter(Boolean);
  const cashProblem = cash ? tenderedProblem(tendered, total, decimals, money) : undefined;
  const blocked =
    cart.length === 0
      ? 'Add a product first.'
      : lineProblems.length > 0
        ? `Fix the cart first: ${lineProblems[0]}.`
        : (cashProblem ?? (payment ? undefined : 'Choose a payment method.'));

  const add = (product: Product) => {
    setReceipt(undefined);
    setCart((lines) => addProduct(lines, product));
  };

  function scan(code: string) {
    queue.run(async () => {
      const found = await api.findProduct({ code });
      if (found.ok && found.value) return add(found.value);
      beep();
      setNotice({
        tone: 'error',
        text: found.ok
          ? `Unknown code ${code}: no product has this barcode or id.`
          : found.error.message,
      });
    });
  }

  function newSale() {
    setCart(() => []);
    setNotice(undefined);
    setTendered('');
    setCustomer(undefined);
    setPayment(defaultMethod);
  }

  /** F9 or Charge: for cash, first the amount tendered (keyboard); then charge. */
  function pay(fromKeyboard: boolean) {
    if (blocked) return setNotice({ tone: 'error', text: blocked });
    if (fromKeyboard && cash && document.activeElement !== tenderedRef.current && tendered === '')
      return tenderedRef.current?.focus();
    const reason = confirmationReason(cart, total, till, money);
    if (reason)
      return setConfirming({
        question: `Charge ${money(total)}?`,
        reason,
        label: `Charge ${money(total)}`,
        then: charge,
      });
    charge();
  }

  function charge() {
    const tenderedMinor =
      cash && tendered.trim() !== '' ? parseMoney(tendered, decimals) : undefined;
    queue.run(async () => {
      const lines = cartRef.current;
      const result = await api.recordSale({
        items: lines.map((line) => ({
          productId: line.product.id,
          quantity: Number(line.quantityText),
          price: line.product.price,
        })),
        paymentMethod: payment,
        ...(customer ? { customerId: customer.id } : {}),
        ...(tenderedMinor !== undefined ? { tendered: tenderedMinor / 10 ** decimals } : {}),
      });
      if (!result.ok) {
        const details = result.error.fields?.map((field) => field.message).join('; ');
        return setNotice({
          tone: 'error',
          text: details ? `Not saved: ${details}.` : result.error.message,
        });
      }
      // Scans and taps wait in the queue behind this step: they start the next sale.
      setCart(() => []);
      setNotice(undefined);
      setTendered('');
      setCustomer(undefined);
      setPayment(defaultMethod);
      const printed = await api.getReceipt({ saleId: result.value.id });
      if (printed.ok) showReceipt(printed.value, till.printAfterSale);
      focusSearch();
    });
  }

  const paperOf = (value: Receipt) => (
    <ReceiptPaper receipt={value} width={till.receiptWidth} decimals={decimals} />
  );
  const report = (problem: string | undefined) =>
    problem && setNotice({ tone: 'error', text: problem });

  function showReceipt(value: Receipt, print: boolean) {
    setReceipt(value);
    setPrintable(paperOf(value));
    if (print) void printDocument(paperOf(value), { silent: true }).then(report);
  }

  const actions: Record<ShortcutAction, () => void> = {
    quantity: () => lastQuantityRef.current?.select(),
    removeLast: () => setCart((lines) => lines.slice(0, -1)),
    nextPayment: () =>
      setPayment(
        (method) =>
          paymentMethods[(paymentMethods.indexOf(method) + 1) % paymentMethods.length] ?? '',
      ),
    customer: () => customerRef.current?.focus(),
    newSale: () =>
      cartRef.current.length === 0
        ? newSale()
        : setConfirming({
            question: 'Start a new sale?',
            reason: 'The lines in the cart will be cleared.',
            label: 'Clear the cart',
            then: newSale,
          }),
    charge: () => pay(true),
    print: () => receipt && void printDocument(paperOf(receipt)).then(report),
  };
  useShortcuts(actions, confirming !== undefined, searchRef);

  return (
    <div class="till">
      <section class="catalog" aria-label="Products">
        <ScanField inputRef={searchRef} onQuery={setQuery} onCode={scan} />
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
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

      <section class="cart" aria-label="Cart">
        <h2>Cart</h2>
        <CartLines
          lines={cart}
          limits={limits}
          money={money}
          lastQuantityRef={lastQuantityRef}
          onQuantity={(id, text) =>
            setCart((lines) =>
              lines.map((line) =>
                line.product.id === id ? { ...line, quantityText: text } : line,
              ),
            )
          }
          onRemove={(id) => {
            setCart((lines) => lines.filter((line) => line.product.id !== id));
            focusSearch();
          }}
          onDone={focusSearch}
        />
        <div class="cart-foot">
          <PaymentChoice
            methods={paymentMethods}
            value={payment}
            onChange={(method) => {
              setPayment(method);
              focusSearch();
            }}
          />
          <CustomerPicker
            customer={customer}
            inputRef={customerRef}
            onChange={(chosen) => {
              setCustomer(chosen);
              focusSearch();
            }}
          />
          {cash && cart.length > 0 && (
            <CashPanel
              totalMinor={total}
              decimals={decimals}
              tendered={tendered}
              problem={cashProblem}
              money={money}
              inputRef={tenderedRef}
              onTendered={setTendered}
              onSubmit={() => pay(false)}
            />
          )}
          <p class="total">
            Total <strong data-testid="cart-total">{money(total)}</strong>
          </p>
          {confirming ? (
            <ConfirmBar
              question={confirming.question}
              reason={confirming.reason}
              confirmLabel={confirming.label}
              onConfirm={() => {
                setConfirming(undefined);
                confirming.then();
                focusSearch();
              }}
              onCancel={() => {
                setConfirming(undefined);
                focusSearch();
              }}
            />
          ) : (
            <button
              type="button"
              class="primary charge"
              disabled={blocked !== undefined}
              title={blocked}
              aria-keyshortcuts={ariaKeys('charge')}
              onClick={() => pay(false)}
            >
              Charge {money(total)}
            </button>
          )}
          {blocked && cart.length > 0 && (
            <p class="hint" data-testid="charge-blocked">
              {blocked}
            </p>
          )}
          {receipt && <SaleSaved receipt={receipt} money={money} onPrint={actions.print} />}
        </div>
      </section>
    </div>
  );
}
