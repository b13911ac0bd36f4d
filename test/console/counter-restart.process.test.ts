// The counter survives its process: a real `tillsync start` (console, sandbox mode) is
// killed with SIGKILL while a cashier rings up, and started again on the same data folder.
// The open cart and the held sales come back as they were last saved; a charged cart never
// comes back, and its sale is recorded once.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addProduct, emptyCart, type CartContent } from '../../domain/cart.js';
import { openStore } from '../../db/store.js';
import { startCli, type RunningCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { waitUntil } from '../sync/helpers.js';
import { login, raw } from './helpers.js';

const running: RunningCli[] = [];
afterEach(async () => {
  for (const agent of running.splice(0)) await agent.stop('SIGKILL');
});

/** Starts the agent with its console and logs in as the page does. */
async function startTill(dataDir: string) {
  const agent = startCli(['start', '--console-port', '0'], {
    TILLSYNC_DATA_DIR: dataDir,
    TILLSYNC_NO_DESKTOP: '1',
  });
  running.push(agent);
  await waitUntil(
    () => /login\?token=/.test(agent.output().stderr),
    20_000,
    'the console login link',
  );
  const link = /http:\/\/127\.0\.0\.1:(\d+)\/login\?token=([\w-]+)/.exec(agent.output().stderr)!;
  const port = Number(link[1]);
  const headers = await login(port, link[2]!);
  async function call<T>(method: string, input: unknown): Promise<T> {
    const answer = await raw(port, `/api/${method}`, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        origin: `http://127.0.0.1:${port}`,
      },
      body: JSON.stringify(input),
    });
    const result = JSON.parse(answer.body) as {
      ok: boolean;
      value?: T;
      error?: { message: string };
    };
    if (!result.ok) throw new Error(`${method}: ${result.error?.message}`);
    return result.value as T;
  }
  return { agent, call };
}

type Till = Awaited<ReturnType<typeof startTill>>;
type Counter = { cart: CartContent; held: Array<{ id: string; note: string }> };

async function productsOf(till: Till) {
  return till.call<Array<Parameters<typeof addProduct>[1]>>('searchProducts', { query: '' });
}

describe('the counter across a crash (real process, SIGKILL)', () => {
  it('brings back the open cart and the held sales as last saved', async () => {
    const dataDir = tempDir();
    const first = await startTill(dataDir);
    const products = await productsOf(first);
    const held = addProduct(emptyCart('CASH'), products[3]!);
    await first.call('holdCart', { cart: held, note: 'back with the milk' });
    // A burst of saves, as a scanner makes them; the process dies with some still coming.
    let cart = emptyCart('CASH');
    const saves: Array<Promise<unknown>> = [];
    const carts: CartContent[] = [];
    for (const [index, product] of products.slice(0, 10).entries()) {
      cart = addProduct(cart, product);
      carts.push(cart);
      const saved = first.call('saveCart', { cart }).catch(() => undefined);
      // The first five are answered before the rest go: the fifth is surely on disk.
      if (index < 5) await saved;
      else saves.push(saved);
    }
    first.agent.signal('SIGKILL');
    await first.agent.exited;
    await Promise.all(saves);

    const second = await startTill(dataDir);
    const counter = await second.call<Counter>('getCounter', {});
    // Whole, and the fifth or a later one, whichever was last on disk when it died.
    expect(carts.slice(4)).toContainEqual(counter.cart);
    expect(counter.held.map((h) => h.note)).toEqual(['back with the milk']);
    await second.call('recallCart', { cartId: counter.held[0]!.id, cart: counter.cart });
    expect((await second.call<Counter>('getCounter', {})).cart).toEqual(held);
  }, 60_000);

  it('never brings back a charged cart: its sale is recorded once', async () => {
    const dataDir = tempDir();
    const first = await startTill(dataDir);
    const [product] = await productsOf(first);
    const cart = addProduct(emptyCart('CASH'), product!);
    await first.call('saveCart', { cart });
    const receipt = await first.call<{ receiptNumber: number }>('chargeCart', { cart });
    first.agent.signal('SIGKILL');
    await first.agent.exited;

    const second = await startTill(dataDir);
    expect((await second.call<Counter>('getCounter', {})).cart).toEqual(emptyCart('CASH'));
    await second.agent.stop();
    const store = openStore(join(dataDir, 'sandbox', 'tillsync.db'));
    const sales = store.listSales({ limit: 10 });
    expect(sales.ok && sales.value.sales.map((sale) => sale.receiptNumber)).toEqual([
      receipt.receiptNumber,
    ]);
    store.close();
  }, 60_000);
});
