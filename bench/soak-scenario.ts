// The platform's bad days in a soak run, repeated every cycle: an outage (connections
// refused), a burst of 429/503 answers with Retry-After, and the till's key revoked, then
// replaced by a new one for the same till saved through the console, as a person would.
import type { Sandbox } from '../sandbox/index.js';

export interface ScenarioStep {
  /** When in the cycle, as a share of it. */
  at: number;
  what: string;
  run: () => Promise<unknown>;
}

export const TILL_SUBJECT = 'till_soak';
const SCOPE = 'sales:write sales:read';

export function scenarioSteps(
  sandbox: Sandbox,
  till: { setApiKey(key: string): Promise<boolean> },
  firstKey: string,
): ScenarioStep[] {
  let key = firstKey;
  return [
    { at: 0.15, what: 'outage', run: () => sandbox.faults.set({ outage: 'refuse' }) },
    { at: 0.3, what: 'outage over', run: () => sandbox.faults.set({ outage: 'none' }) },
    {
      at: 0.4,
      what: '429 burst',
      run: () => sandbox.faults.set({ throttle: 0.5, retryAfterSeconds: 1 }),
    },
    { at: 0.5, what: '429 burst over', run: () => sandbox.faults.set({ throttle: 0 }) },
    { at: 0.6, what: 'key revoked', run: () => sandbox.revokeKey(key) },
    {
      at: 0.7,
      what: 'key replaced',
      run: async () => {
        key = await sandbox.mintKey({ scope: SCOPE, subject: TILL_SUBJECT });
        if (!(await till.setApiKey(key))) throw new Error('the console refused the new key');
      },
    },
  ];
}

/** Runs each step as its time in the current cycle comes; call it often. */
export function createScenario(steps: ScenarioStep[], cycleSeconds: number) {
  let next = 0;
  let cycle = 0;
  let running: Promise<unknown> = Promise.resolve();
  const done: string[] = [];
  return {
    tick(seconds: number): void {
      while (next < steps.length && seconds >= (cycle + steps[next]!.at) * cycleSeconds) {
        const step = steps[next]!;
        running = running.then(step.run).then(() => done.push(step.what));
        next += 1;
        if (next === steps.length) {
          next = 0;
          cycle += 1;
        }
      }
    },
    /** Runs the rest of the cycle at once: the platform ends up whole, with a valid key. */
    finishCycle(): void {
      if (next > 0) this.tick((cycle + 1) * cycleSeconds);
    },
    /** Waits for the steps under way; what has happened, in order. */
    settle: async () => {
      await running;
      return done;
    },
  };
}
