// The body of POST /v1/sales: exactly the documented fields, numbers as JSON numbers
// converted exactly from minor units; shopId only when known, customerId only when set.
import { currencyDecimals, fromScaledInteger, QUANTITY_DECIMALS } from '../../domain/money.js';
import type { ClaimedSale } from '../../db/outbox.js';

export interface SaleRequestBody {
  shopId?: string;
  items: Array<{ productId: string; quantity: number; price: number }>;
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
    items: sale.items.map((item) => ({
      productId: item.productId,
      quantity: fromScaledInteger(item.quantityMilli, QUANTITY_DECIMALS),
      price: fromScaledInteger(item.unitPriceMinor, decimals),
    })),
    paymentMethod: sale.paymentMethod,
    ...(sale.customerId ? { customerId: sale.customerId } : {}),
  };
}
