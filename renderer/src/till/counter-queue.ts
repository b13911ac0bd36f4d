// Work at the counter happens one step at a time, in the order it was asked for: codes
// from a barcode scanner come faster than they can be looked up, and a scan made while a
// sale is being charged belongs to the next sale. Each Enter hands a whole code over at
// once, so none is lost, merged or counted out of order.

export interface CounterQueue {
  run(step: () => Promise<void>): void;
  /** Resolves when every step asked for so far is done. */
  idle(): Promise<void>;
}

export function createCounterQueue(): CounterQueue {
  let tail: Promise<void> = Promise.resolve();
  return {
    run(step) {
      tail = tail.then(step).catch(() => undefined);
    },
    idle: () => tail,
  };
}
