// The body of POST /v1/sales: exactly the documented fields, numbers as JSON numbers
// converted exactly from minor units; shopId only when known, customerId only when set.
// The platform totals a sale as Σ quantity × price: each line goes as the items that carry
// its charged total exactly, after its discounts (domain/platform-items.ts): one item at
// its own unit price when there is no discount, two of the same product when one price
// cannot carry the discount to the minor unit.
import { currencyDecimals } from '../../domain/money.js';
import { platformItems, type PlatformItem } from '../../domain/platform-items.js';
import type { ClaimedSale } from '../../db/outbox.js';

export interface SaleRequestBody {
  shopId?: string;
  items: PlatformItem[];
  paymentMethod: string;
  customerId?: string;
}

export function saleRequestBody(
  sale: Pick<ClaimedSale, 'shopId' | 'customerId' | 'paymentMethod' | 'currency' | 'items'>,
  configuredShopId?: string,
): SaleRequestBody {
  const decimals = currencyDecimals(sale.currency);
  const shopId = sale.shopId ?? configuredShopId;
  return {
    ...(shopId ? { shopId } : {}),
    items: sale.items.flatMap((item) => platformItems(item, decimals)),
    paymentMethod: sale.paymentMethod,
    ...(sale.customerId ? { customerId: sale.customerId } : {}),
  };
}
