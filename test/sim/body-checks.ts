// What each request carries, checked against the sale as the till recorded it (or as a
// person corrected it): the same lines, quantities, prices, payment and customer, and a
// shop id only from the till's settings. A body built from anything else is a wrong sale on
// the platform, however exactly once it arrives.
import type { SaleRequestBody } from '../../main/sync/sale-request.js';

type Expected = Omit<SaleRequestBody, 'shopId'>;

export function createBodyChecks(shopIds: ReadonlyArray<string | undefined>) {
  const expected = new Map<string, Expected>(); // by customer id: one per simulated sale
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return {
    /** The sale as recorded, or as corrected by a person (its new revision). */
    expect(sale: Expected): void {
      expected.set(sale.customerId!, sale);
    },
    /** What is wrong with a body sent for a sale; undefined when it is the sale. */
    problem(body: string): string | undefined {
      let sent: SaleRequestBody;
      try {
        sent = JSON.parse(body) as SaleRequestBody;
      } catch {
        return `a body that is not JSON: ${body}`;
      }
      const sale = sent.customerId === undefined ? undefined : expected.get(sent.customerId);
      if (!sale) return `a body for no sale the till recorded: ${body}`;
      const { shopId, ...rest } = sent;
      if (!shopIds.includes(shopId)) return `a shop id the till never had: ${body}`;
      if (!same(rest, sale))
        return `a body that is not the sale: ${body}, recorded ${JSON.stringify(sale)}`;
      return undefined;
    },
  };
}

export type BodyChecks = ReturnType<typeof createBodyChecks>;
