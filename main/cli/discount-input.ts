// `tillsync record` takes a discount's amount as a person writes money, in major units
// (`{"amount": 1.50, "reason": "..."}`), beside a percent (`{"percent": 10, ...}`). It is
// turned into minor units here, at the boundary, exactly (domain/money.ts), for the one
// schema every sale goes through; an amount with more decimals than the till's currency
// has is refused, naming the field. Refusals of the converted field are named back as
// `amount`, the field the person wrote.
import { said } from '../../domain/i18n/said.js';
import { toScaledInteger } from '../../domain/money.js';
import { invalidFields, type AppError, type FieldError } from '../../domain/result.js';

/** The input in minor units, and the discounts whose amount was converted (by path). */
type Converted =
  { ok: true; input: unknown; converted: Set<string> } | { ok: false; fields: FieldError[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function convert(
  discount: unknown,
  path: string,
  decimals: number,
  fields: FieldError[],
  converted: Set<string>,
) {
  if (!isObject(discount) || !('amount' in discount)) return discount;
  const { amount, ...rest } = discount;
  if (typeof amount !== 'number') {
    fields.push({ path: `${path}/amount`, ...said('cli.discount.notANumber') });
    return discount;
  }
  if (!(amount > 0)) {
    fields.push({ path: `${path}/amount`, ...said('cli.discount.notPositive') });
    return discount;
  }
  const amountMinor = toScaledInteger(amount, decimals);
  if (amountMinor === undefined) {
    fields.push({ path: `${path}/amount`, ...said('cli.discount.tooPrecise', { decimals }) });
    return discount;
  }
  converted.add(path);
  return { ...rest, amountMinor };
}

/** The sale's input with every discount `amount` in minor units, or the amounts at fault. */
export function discountsInMinor(input: unknown, decimals: number): Converted {
  if (!isObject(input)) return { ok: true, input, converted: new Set() };
  const fields: FieldError[] = [];
  const converted = new Set<string>();
  const discountAt = (discount: unknown, path: string) =>
    convert(discount, path, decimals, fields, converted);
  const items = Array.isArray(input.items)
    ? input.items.map((item: unknown, index) =>
        isObject(item) && 'discount' in item
          ? { ...item, discount: discountAt(item.discount, `/items/${index}/discount`) }
          : item,
      )
    : input.items;
  const sale = {
    ...input,
    ...('items' in input ? { items } : {}),
    ...('discount' in input ? { discount: discountAt(input.discount, '/discount') } : {}),
  };
  return fields.length > 0 ? { ok: false, fields } : { ok: true, input: sale, converted };
}

/** A refusal with its discount fields named as written: `/discount/amount`, not `amountMinor`. */
export function namedAsWritten(error: AppError, converted: ReadonlySet<string>): AppError {
  if (!error.fields || error.summary === undefined) return error;
  const rename = (path: string) => {
    const discount = path.replace(/\/amountMinor$/, '');
    return discount !== path && converted.has(discount) ? `${discount}/amount` : path;
  };
  const fields = error.fields.map((field) => ({ ...field, path: rename(field.path) }));
  return { ...error, ...invalidFields({ message: error.summary, say: error.say }, fields) };
}
