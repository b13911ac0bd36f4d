// Small helpers for the sentences people read, shared by the screens, the CLI and the doctor
// so a count and its noun always agree ("1 product", "3 products") and a reason quoted from
// the platform still ends a sentence. Not a translation catalog: English only, for now.

/** "1 sale", "3 sales"; `many` for a noun whose plural is not just an added "s". */
export function plural(count: number, noun: string, many = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : many}`;
}

/** The text as a sentence: a full stop added unless it already ends like one. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
