// Saving the open cart to the agent on every change, in order, without ever waiting for it:
// while one save is on its way only the newest cart waits behind it, so a scanner burst
// costs a few saves, not one per key. Charging, holding and recalling replace the agent's
// cart themselves: they run alone (`alone`), and the saves that waited behind them belong
// to the cart they replaced and are dropped, so a charged cart can never come back.
import type { CartContent } from '../../../domain/cart.js';

export interface CartSaver {
  save(cart: CartContent): void;
  /**
   * Runs `action` with no save on its way; when `replaced(result)` says the agent's cart was
   * replaced, the saves asked for meanwhile are dropped, else they go out after it.
   */
  alone<T>(action: () => Promise<T>, replaced: (result: T) => boolean): Promise<T>;
  /** Resolves when nothing is left to save. */
  idle(): Promise<void>;
}

export function createCartSaver(write: (cart: CartContent) => Promise<void>): CartSaver {
  let waiting: CartContent | undefined;
  let running: Promise<void> | undefined;
  let paused = false;

  async function drain(): Promise<void> {
    while (waiting && !paused) {
      const next = waiting;
      waiting = undefined;
      await write(next);
    }
    running = undefined;
  }
  const start = () => {
    running ??= drain();
  };

  return {
    save(cart) {
      waiting = cart;
      if (!paused) start();
    },
    async alone(action, replaced) {
      paused = true;
      await running;
      let result;
      try {
        result = await action();
      } finally {
        paused = false;
      }
      if (replaced(result)) waiting = undefined;
      else start();
      return result;
    },
    idle: async () => {
      while (running) await running;
    },
  };
}
