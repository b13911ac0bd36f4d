// Times on screen, in the person's locale. Money is formatted by domain/views/money-format.ts.

export const formatTime = (ms: number | null) =>
  ms === null ? 'never' : new Date(ms).toLocaleString();
