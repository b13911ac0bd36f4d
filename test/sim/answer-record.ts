// Every answer (or failure) a till process heard for a request, as the platform and the
// wire gave it: the oracle the till's attempt log and sync state are checked against when a
// seed settles (log-checks.ts). Times are the sending process's wall clock, as the till
// stores them.
import type { Answer } from '../../main/sync/classify.js';

export interface HeardAnswer {
  pid: number;
  key: string;
  /** The process's wall clock when the request left, and when the answer reached it. */
  sentWall: number;
  heardWall: number;
  /** Virtual times the request left and the answer was heard (orders answers). */
  sentAt: number;
  at: number;
  answer: Answer;
}

export function createAnswerRecord() {
  const byKey = new Map<string, HeardAnswer[]>();
  const all: HeardAnswer[] = [];
  const contacts: Array<{ heardWall: number; at: number }> = [];
  const missed: number[] = [];
  return {
    /** A process asked whether the platform answers at all, and nothing came (virtual time). */
    unanswered(at: number): void {
      missed.push(at);
    },
    /** The virtual times of those unanswered questions. */
    unansweredProbes: (): readonly number[] => missed,
    /** A process asked whether the platform answers at all, and it did (wall and virtual time). */
    contact(heardWall: number, at: number): void {
      contacts.push({ heardWall, at });
    },
    /** The wall times of those answers. */
    contacts: (): readonly number[] => contacts.map((contact) => contact.heardWall),
    /** Every time a process heard from the platform (an answer or a probe's), in order. */
    heardFrom: (): ReadonlyArray<{ heardWall: number; at: number }> =>
      [...all, ...contacts].sort((a, b) => a.at - b.at),
    heard(entry: HeardAnswer): void {
      all.push(entry);
      const list = byKey.get(entry.key) ?? [];
      list.push(entry);
      byKey.set(entry.key, list);
    },
    /** The answers heard for one idempotency key, in the order they came. */
    of: (key: string): readonly HeardAnswer[] => byKey.get(key) ?? [],
    /** Every answer heard, in the order they came. */
    all: (): readonly HeardAnswer[] => all,
  };
}

export type AnswerRecord = ReturnType<typeof createAnswerRecord>;

/** The id a platform's success body names, as a till must keep it; null when none. */
export function platformIdIn(body: string): string | null {
  try {
    const id = (JSON.parse(body) as { id?: unknown } | null)?.id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
  }
}
