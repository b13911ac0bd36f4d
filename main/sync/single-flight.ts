// One run at a time: a call during a run returns that run and asks for a follow-up run in
// the background, so an awaited call always ends, however often it is asked for.
export function createSingleFlight<T>(run: () => Promise<T>, stopped: () => boolean) {
  let current: Promise<T> | undefined;
  let again = false;

  function start(): Promise<T> {
    if (current) {
      again = true;
      return current;
    }
    again = false;
    current = run().finally(() => {
      current = undefined;
      if (again && !stopped()) void start();
    });
    return current;
  }

  return {
    start,
    /** A run that starts after now (the one in progress may have started too early). */
    fresh: async (): Promise<T> => {
      while (current) await current;
      return start();
    },
    /** The run in progress, if any. */
    get current(): Promise<T> | undefined {
      return current;
    },
  };
}
