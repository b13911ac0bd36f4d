// Money on screen, formatted as on paper and in the terminal. Sums are the domain's exact
// integer minor units (domain/money.ts, domain/cart.ts), never computed here.
export { formatMoney, methodLabel } from '../../domain/views/money-format.js';

export const formatTime = (ms: number | null) =>
  ms === null ? 'never' : new Date(ms).toLocaleString();
