import { useEffect, useRef, useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { Field, Notice } from '../components/field';
import { formatMoney, lineTotalMinor } from '../money';

type Settings = MethodOutput<'getSettings'>;
type Product = MethodOutput<'searchProducts'>[number];
type Customer = MethodOutput<'searchCustomers'>[number];
interface CartLine {
  product: Product;
  quantity: number;
}

/** The till: pick products, set quantities, take payment. Works offline: sales are saved here. */
export function TillScreen({ settings }: { settings: Settings }) {
  const { currency, currencyDecimals, paymentMethods } = settings.till;
  const money = (minor: number) => formatMoney(minor, currency, currencyDecimals);
  const [query, setQuery] = useState('');
  const [products, setProducts] = useState<Product[]>([]);
  const [customers, setCustomers] = useState<Customer[]>([]);
  const [cart, setCart] = useState<CartLine[]>([]);
  const [payment, setPayment] = useState(paymentMethods[0] ?? '');
  const [customerId, setCustomerId] = useState('');
  const [receipt, setReceipt] = useState<{ number: number; totalMinor: number }>();
  const [problem, setProblem] = useState<string>();
  const receiptRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void api.searchProducts({ query }).then((result) => result.ok && setProducts(result.value));
  }, [query]);
  useEffect(() => {
    void api
      .searchCustomers({ query: '', limit: 200 })
      .then((result) => result.ok && setCustomers(result.value));
  }, []);
  useEffect(() => {
    if (!paymentMethods.includes(payment)) setPayment(paymentMethods[0] ?? '');
  }, [paymentMethods, payment]);

  const add = (product: Product) => {
    setReceipt(undefined);
    setCart((lines) => {
      const found = lines.find((line) => line.product.id === product.id);
      return found
        ? lines.map((line) => (line === found ? { ...line, quantity: line.quantity + 1 } : line))
        : [...lines, { product, quantity: 1 }];
    });
  };
  const setQuantity = (id: string, quantity: number) =>
    setCart((lines) =>
      lines.map((line) => (line.product.id === id ? { ...line, quantity } : line)),
    );
  const remove = (id: string) => setCart((lines) => lines.filter((line) => line.product.id !== id));
  const total = cart.reduce(
    (sum, line) => sum + lineTotalMinor(line.quantity, line.product.priceMinor),
    0,
  );

  async function charge() {
    setProblem(undefined);
    const result = await api.recordSale({
      items: cart.map((line) => ({
        productId: line.product.id,
        quantity: line.quantity,
        price: line.product.price,
      })),
      paymentMethod: payment,
      ...(customerId ? { customerId } : {}),
    });
    if (!result.ok) {
      const details = result.error.fields
        ?.map((field) => `${field.path}: ${field.message}`)
        .join('; ');
      setProblem(
        details ? `${result.error.message.split(':')[0]}: ${details}` : result.error.message,
      );
      return;
    }
    setReceipt({ number: result.value.receiptNumber, totalMinor: result.value.totalMinor });
    setCart([]);
    setCustomerId('');
    queueMicrotask(() => receiptRef.current?.focus());
  }

  return (
    <div class="till">
      <section class="catalog" aria-label="Products">
        <Field id="product-search" label="Search products">
          <input
            id="product-search"
            type="search"
            value={query}
            placeholder="Name or product id"
            onInput={(event) => setQuery(event.currentTarget.value)}
            onKeyDown={(event) => event.key === 'Enter' && products[0] && add(products[0])}
          />
        </Field>
        <ul class="product-grid">
          {products.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                class="product"
                onClick={() => add(product)}
                aria-label={`Add ${product.name}, ${money(product.priceMinor)}`}
              >
                <span class="product-name">{product.name}</span>
                <span class="product-price">{money(product.priceMinor)}</span>
              </button>
            </li>
          ))}
          {products.length === 0 && (
            <li class="empty">No products match. Import a catalog in Settings.</li>
          )}
        </ul>
      </section>

      <section class="cart" aria-label="Cart">
        <h2>Cart</h2>
        {cart.length === 0 ? (
          <p class="empty">Tap a product to add it.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Qty</th>
                <th scope="col">Price</th>
                <th scope="col">Total</th>
                <th scope="col">
                  <span class="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {cart.map((line) => (
                <tr key={line.product.id}>
                  <td>{line.product.name}</td>
                  <td>
                    <input
                      class="quantity"
                      type="number"
                      min="0.001"
                      step="any"
                      value={line.quantity}
                      aria-label={`Quantity of ${line.product.name}`}
                      onInput={(event) =>
                        setQuantity(line.product.id, Number(event.currentTarget.value))
                      }
                    />
                  </td>
                  <td>{money(line.product.priceMinor)}</td>
                  <td class="line-total">
                    {money(lineTotalMinor(line.quantity, line.product.priceMinor))}
                  </td>
                  <td>
                    <button
                      type="button"
                      class="link"
                      onClick={() => remove(line.product.id)}
                      aria-label={`Remove ${line.product.name}`}
                    >
                      ✕
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}

        <fieldset class="payment">
          <legend>Payment method</legend>
          {paymentMethods.map((method) => (
            <label key={method} class="choice">
              <input
                type="radio"
                name="payment"
                value={method}
                checked={payment === method}
                onChange={() => setPayment(method)}
              />
              {method.replace(/_/g, ' ').toLowerCase()}
            </label>
          ))}
        </fieldset>

        <Field id="customer" label="Customer (optional)">
          <select
            id="customer"
            value={customerId}
            onChange={(event) => setCustomerId(event.currentTarget.value)}
          >
            <option value="">No customer</option>
            {customers.map((customer) => (
              <option key={customer.id} value={customer.id}>
                {customer.name}
              </option>
            ))}
          </select>
        </Field>

        <p class="total">
          Total <strong data-testid="cart-total">{money(total)}</strong>
        </p>
        <button
          type="button"
          class="primary charge"
          disabled={cart.length === 0 || !payment}
          onClick={() => void charge()}
        >
          Charge {money(total)}
        </button>
        {problem && <Notice tone="error">{problem}</Notice>}
        {receipt && (
          <div class="receipt" tabIndex={-1} ref={receiptRef} role="status" aria-live="polite">
            Saved. Receipt <strong data-testid="receipt-number">#{receipt.number}</strong>,{' '}
            {money(receipt.totalMinor)}.
          </div>
        )}
      </section>
    </div>
  );
}
