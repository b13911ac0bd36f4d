// One finding of `tillsync doctor`: what was checked, how it stands, and what to do.

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface Check {
  /** What was checked, like "platform" or "database". */
  area: string;
  status: CheckStatus;
  detail: string;
  /** What to do about it; set for every warning and failure. */
  fix?: string;
}

export const ok = (area: string, detail: string): Check => ({ area, status: 'ok', detail });
export const warn = (area: string, detail: string, fix: string): Check => ({
  area,
  status: 'warn',
  detail,
  fix,
});
export const failed = (area: string, detail: string, fix: string): Check => ({
  area,
  status: 'fail',
  detail,
  fix,
});

export const ago = (ms: number) =>
  ms < 90_000
    ? `${Math.round(ms / 1000)} s`
    : ms < 5_400_000
      ? `${Math.round(ms / 60_000)} min`
      : ms < 172_800_000
        ? `${Math.round(ms / 3_600_000)} h`
        : `${Math.round(ms / 86_400_000)} days`;
