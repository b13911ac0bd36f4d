// Telling a barcode scanner from a person. A scanner types a whole code, key after key, far
// faster than anyone types, and ends it with Enter. Pure: times are given, not read, so the
// rule is tested without a browser; the Till screen passes the keyboard events' own
// (monotonic) stamps.

/** A pause this long ends a run of keys: what follows is a new run. */
export const RUN_BREAK_MS = 100;
/**
 * Scanners send a key every few milliseconds; people average 80 ms or more. The mean is
 * judged, not each gap: a busy page can hold one key of a scan back for a moment.
 */
export const SCAN_MEAN_GAP_MS = 35;
/** Shorter runs (a quantity, a price) are a person's, however fast. */
export const SCAN_MIN_LENGTH = 5;

export function createScanDetector() {
  let code = '';
  let startedAt = 0;
  let lastAt = Number.NEGATIVE_INFINITY;
  return {
    /** A character typed at `at` ms; true when it starts a new run (after a pause). */
    character(char: string, at: number): boolean {
      const fresh = at - lastAt > RUN_BREAK_MS;
      if (fresh) {
        code = '';
        startedAt = at;
      }
      code += char;
      lastAt = at;
      return fresh;
    },
    /** Enter at `at` ms: the code, when the keys since the last pause were a scanner's. */
    enter(at: number): string | undefined {
      const meanGap = (at - startedAt) / code.length;
      const scanned =
        at - lastAt <= RUN_BREAK_MS && code.length >= SCAN_MIN_LENGTH && meanGap <= SCAN_MEAN_GAP_MS
          ? code
          : undefined;
      code = '';
      lastAt = Number.NEGATIVE_INFINITY;
      return scanned;
    },
  };
}
