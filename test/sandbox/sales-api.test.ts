import { describe, expect, it } from 'vitest';
import { clientFor, saleRequest, sandboxForTest } from './helpers.js';

async function setup() {
  const sandbox = await sandboxForTest();
  const key = await sandbox.mintKey({ scope: 'sales:write sales:read' });
  return { sandbox, client: clientFor(sandbox, key) };
}

describe('sandbox: POST /v1/sales', () => {
  it('creates a sale: 201, Location, the stored sale with its total', async () => {
    const { client } = await setup();
    const answer = await client.postSale(saleRequest({ customerId: 'cus_amina' }));
    expect(answer.status).toBe(201);
    const sale = answer.json();
    expect(sale.id).toMatch(/^sale_[A-Za-z0-9_-]+$/);
    expect(answer.headers.get('location')).toBe(`/v1/sales/${String(sale.id)}`);
    expect(sale).toMatchObject({
      shopId: 'shop_downtown',
      paymentMethod: 'CASH',
      customerId: 'cus_amina',
      currency: 'USD',
      total: 13, // 2 × 4.50 + 0.5 × 7.99 = 9.00 + 4.00 (3.995 rounded half up)
      items: saleRequest().items,
    });
    expect(Date.parse(String(sale.createdAt))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('reads a sale back by id, and lists sales with cursor paging and a shop filter', async () => {
    const { sandbox, client } = await setup();
    const ids: string[] = [];
    for (const shopId of ['shop_downtown', 'shop_market', 'shop_downtown', 'shop_downtown']) {
      ids.push(String((await client.postSale(saleRequest({ shopId }))).json().id));
    }
    expect((await client.get(`/v1/sales/${ids[1]}`)).json()).toMatchObject({
      id: ids[1],
      shopId: 'shop_market',
    });

    const first = (await client.get('/v1/sales?shopId=shop_downtown&limit=2')).json() as {
      data: Array<{ id: string }>;
      nextCursor: string;
    };
    expect(first.data.map((sale) => sale.id)).toEqual([ids[0], ids[2]]);
    const second = (
      await client.get(`/v1/sales?shopId=shop_downtown&limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect((second.data as Array<{ id: string }>).map((sale) => sale.id)).toEqual([ids[3]]);
    expect(second.nextCursor).toBeNull();
    expect(sandbox.countSales()).toBe(4);
  });

  it('answers 404 as a problem for an unknown sale or route', async () => {
    const { client } = await setup();
    for (const path of ['/v1/sales/sale_nope', '/v1/refunds']) {
      const answer = await client.get(path);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.json()).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404 });
    }
  });

  it('refuses unknown fields and schema violations with 422 and a pointer per field', async () => {
    const { sandbox, client } = await setup();
    const answer = await client.postSale({
      items: [{ productId: 'prod 1', quantity: 0, price: -1, discount: 2 }],
      paymentMethod: 'CARD',
      note: 'hello',
    });
    expect(answer.status).toBe(422);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = answer.json() as {
      type: string;
      errors: Array<{ pointer: string; detail: string }>;
    };
    expect(body.type).toBe('urn:tillsync:sandbox:problem:validation');
    expect(body.errors.map((error) => error.pointer).sort()).toEqual([
      '/items/0/discount',
      '/items/0/price',
      '/items/0/productId',
      '/items/0/quantity',
      '/note',
      '/paymentMethod',
    ]);
    expect(sandbox.countSales()).toBe(0);
  });

  it('refuses unknown shops, products and customers, and too many decimals, with 422', async () => {
    const { sandbox, client } = await setup();
    const answer = await client.postSale({
      shopId: 'shop_moon',
      items: [{ productId: 'prod_unknown', quantity: 1, price: 1 }],
      paymentMethod: 'CASH',
    });
    expect(answer.status).toBe(422);
    expect(answer.json().errors).toEqual([{ pointer: '/shopId', detail: 'no shop shop_moon' }]);
    const refs = await client.postSale({
      items: [
        { productId: 'prod_unknown', quantity: 1, price: 1 },
        { productId: 'prod_8Hq2x', quantity: 1, price: 4.505 },
      ],
      paymentMethod: 'MOBILE_MONEY',
      customerId: 'cus_nobody',
    });
    // The schema's errors come first: the document states the decimals, the catalog the rest.
    expect(refs.json().errors).toEqual([
      { pointer: '/items/1/price', detail: 'has more decimal places than USD allows (2)' },
      { pointer: '/items/0/productId', detail: 'no product prod_unknown' },
      { pointer: '/customerId', detail: 'no customer cus_nobody' },
    ]);
    expect(sandbox.countSales()).toBe(0);
  });

  it('answers 400 to malformed JSON, 413 to a body over 256 KiB, 415 to another content type', async () => {
    const { sandbox, client } = await setup();
    const malformed = await client.postSale('{"items": [');
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, title: 'Bad Request' });

    const huge = await client.postSale(saleRequest({ padding: 'x'.repeat(300 * 1024) }));
    expect(huge.status).toBe(413);

    const form = await client.call('POST', '/v1/sales', 'items=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const text = await client.call('POST', '/v1/sales', 'a sale', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(sandbox.countSales()).toBe(0);
  });

  it('accepts requests without an Idempotency-Key (the real platform may not know keys)', async () => {
    const { sandbox, client } = await setup();
    expect((await client.postSale(saleRequest())).status).toBe(201);
    expect((await client.postSale(saleRequest())).status).toBe(201);
    expect(sandbox.countSales()).toBe(2);
  });

  it('exports its seeded catalog: two shops, thirty products in both id formats, ten customers', async () => {
    const { sandbox } = await setup();
    const catalog = sandbox.catalog();
    expect(catalog.currency).toBe('USD');
    expect(catalog.products).toHaveLength(30);
    expect(catalog.products.filter((p) => p.id.startsWith('prod_'))).toHaveLength(15);
    expect(catalog.products.filter((p) => /^[0-9a-f]{8}-[0-9a-f]{4}-/.test(p.id))).toHaveLength(15);
    expect(catalog.products.find((p) => p.id === 'prod_8Hq2x')).toMatchObject({
      name: 'Sourdough loaf',
      price: 4.5,
    });
    expect(catalog.customers).toHaveLength(10);
    expect(sandbox.catalog('shop_market').shopId).toBe('shop_market');
  });
});
