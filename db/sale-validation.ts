// Checking a corrected sale a person entered in the platform's shape (prices in major
// units), against the till's settings (payment methods, currency), and pricing it in exact
// minor units. Editing a rejected sale goes through here; a new sale is checked and priced
// where it comes in (domain/new-sale.ts).
import { invalidInput } from './field-errors.js';
import {
  currencyDecimals,
  priceLines,
  QUANTITY_DECIMALS,
  toScaledInteger,
} from '../domain/money.js';
import type { PricedLine } from '../domain/new-sale.js';
import { fail, invalidFields, ok, type Result } from '../domain/result.js';
import { saleInputSchema, type SaleInput, type SaleRules } from '../domain/sale-input.js';
import type { SettingsStore } from './settings.js';

export interface ValidSale {
  shopId: string | null;
  customerId: string | null;
  paymentMethod: string;
  currency: string;
  lines: PricedLine[];
  totalMinor: number;
}

export function createSaleValidator(settingsStore: SettingsStore) {
  const schemas = new Map<string, ReturnType<typeof saleInputSchema>>();
  function schemaFor(rules: SaleRules) {
    const cacheKey = `${rules.currency}|${rules.paymentMethods.join(',')}`;
    let schema = schemas.get(cacheKey);
    if (!schema) {
      schema = saleInputSchema(rules);
      schemas.set(cacheKey, schema);
    }
    return schema;
  }

  return function validateSale(input: unknown): Result<ValidSale> {
    const settings = settingsStore.read();
    const rules: SaleRules = {
      paymentMethods: settings.paymentMethods as [string, ...string[]],
      currency: settings.currency,
      currencyDecimals: currencyDecimals(settings.currency),
    };
    const parsed = schemaFor(rules).safeParse(input);
    if (!parsed.success) return fail(invalidInput('The sale is not valid', parsed.error));
    const priced = priceItems(parsed.data, rules.currencyDecimals);
    if (!priced.ok) return priced;
    return ok({
      shopId: parsed.data.shopId ?? settings.shopId,
      customerId: parsed.data.customerId ?? null,
      paymentMethod: parsed.data.paymentMethod,
      currency: settings.currency,
      ...priced.value,
    });
  };
}

/** Integer minor-unit lines and total; refuses totals too large to be exact. */
function priceItems(
  input: Pick<SaleInput, 'items'>,
  decimals: number,
): Result<{ lines: PricedLine[]; totalMinor: number }> {
  const priced = priceLines(
    input.items.map((item) => ({
      productId: item.productId,
      // Both conversions were checked by the schema.
      quantityMilli: toScaledInteger(item.quantity, QUANTITY_DECIMALS)!,
      unitPriceMinor: toScaledInteger(item.price, decimals)!,
    })),
  );
  if (!('tooLargeAt' in priced)) return ok(priced);
  return fail(
    invalidFields('The sale is not valid', [
      { path: `/items/${priced.tooLargeAt}`, message: 'the total is too large to be exact' },
    ]),
  );
}
