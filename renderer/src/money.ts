// Money on screen. The agent computes the real totals in integer minor units; the cart
// shows the same figures with the same rule (a line rounded half up to the minor unit).
export { formatMoney, methodLabel } from '../../main/contract/money-format.js';

export function lineTotalMinor(quantity: number, priceMinor: number): number {
  return Math.round((Math.round(quantity * 1000) * priceMinor) / 1000);
}

export const formatTime = (ms: number | null) =>
  ms === null ? 'never' : new Date(ms).toLocaleString();
