// Checking a sale a person entered, against the till's settings (payment methods,
// currency), and pricing it in exact minor units. Recording a sale and editing a rejected
// one both go through here.
import { invalidInput } from './field-errors.js';
import {
  currencyDecimals,
  lineTotalMinor,
  QUANTITY_DECIMALS,
  toScaledInteger,
} from '../domain/money.js';
import { fail, invalidFields, ok, type Result } from '../domain/result.js';
import { saleInputSchema, type SaleInput, type SaleRules } from '../domain/sale-input.js';
import type { SettingsStore } from './settings.js';

export interface PricedLine {
  productId: string;
  quantityMilli: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
}

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
    const priced = priceLines(parsed.data, rules.currencyDecimals);
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
export function priceLines(
  input: Pick<SaleInput, 'items'>,
  decimals: number,
): Result<{ lines: PricedLine[]; totalMinor: number }> {
  const lines: PricedLine[] = [];
  let totalMinor = 0;
  for (const [index, item] of input.items.entries()) {
    // Both conversions were checked by the schema.
    const quantityMilli = toScaledInteger(item.quantity, QUANTITY_DECIMALS)!;
    const unitPriceMinor = toScaledInteger(item.price, decimals)!;
    const lineTotal = lineTotalMinor(quantityMilli, unitPriceMinor);
    totalMinor += lineTotal ?? Infinity;
    if (lineTotal === undefined || !Number.isSafeInteger(totalMinor)) {
      return fail(
        invalidFields('The sale is not valid', [
          { path: `/items/${index}`, message: 'the total is too large to be exact' },
        ]),
      );
    }
    lines.push({
      productId: item.productId,
      quantityMilli,
      unitPriceMinor,
      lineTotalMinor: lineTotal,
    });
  }
  return ok({ lines, totalMinor });
}
