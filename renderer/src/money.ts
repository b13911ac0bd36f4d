// Money on screen. The agent computes the real totals in integer minor units; the cart
// shows the same figures with the same rule (a line rounded half up to the minor unit).

export function lineTotalMinor(quantity: number, priceMinor: number): number {
  return Math.round((Math.round(quantity * 1000) * priceMinor) / 1000);
}

export function formatMoney(minor: number, currency: string, decimals: number): string {
  return new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(minor / 10 ** decimals);
}

export const formatTime = (ms: number | null) =>
  ms === null ? 'never' : new Date(ms).toLocaleString();

export function formatAgo(ms: number | null, now = Date.now()): string {
  if (ms === null) return 'never';
  const seconds = Math.round(Math.abs(now - ms) / 1000);
  const text =
    seconds < 90
      ? `${seconds} s`
      : seconds < 5400
        ? `${Math.round(seconds / 60)} min`
        : `${Math.round(seconds / 3600)} h`;
  return ms <= now ? `${text} ago` : `in ${text}`;
}
