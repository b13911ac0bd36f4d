// The Till screen's two timing-sensitive pieces, without a browser: the cart saver (every
// change saved, in order, never a charged cart brought back) and the scanner's burst.
import { describe, expect, it } from 'vitest';
import { emptyCart, type CartContent } from '../../domain/cart.js';
import { createCartSaver } from '../../renderer/src/till/cart-saver.js';
import { createScanDetector } from '../../renderer/src/till/scan-detector.js';

const cartWith = (tendered: string): CartContent => ({ ...emptyCart('CASH'), tendered });

/** A save that waits until the test lets it finish, recording what it saved. */
function slowAgent() {
  const saved: string[] = [];
  const waiting: Array<() => void> = [];
  return {
    saved,
    write: (cart: CartContent) =>
      new Promise<void>((resolve) =>
        waiting.push(() => {
          saved.push(cart.tendered);
          resolve();
        }),
      ),
    /** Lets the oldest save finish. */
    async finishOne() {
      waiting.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('the cart saver', () => {
  it('saves in order, and while a save is on its way only the newest cart waits', async () => {
    const agent = slowAgent();
    const saver = createCartSaver(agent.write);
    for (const tendered of ['1', '12', '123', '1234']) saver.save(cartWith(tendered));
    await agent.finishOne();
    await agent.finishOne();
    await saver.idle();
    expect(agent.saved).toEqual(['1', '1234']);
  });

  it('drops the saves that waited behind a charge, so the charged cart never comes back', async () => {
    const agent = slowAgent();
    const saver = createCartSaver(agent.write);
    saver.save(cartWith('first'));
    const steps: string[] = [];
    const charged = saver.alone(
      async () => {
        steps.push(`charge after ${agent.saved.join(',')}`);
        return { ok: true };
      },
      (result) => result.ok,
    );
    saver.save(cartWith('typed during the charge'));
    await agent.finishOne();
    await charged;
    await saver.idle();
    expect(steps).toEqual(['charge after first']);
    expect(agent.saved).toEqual(['first']);
  });

  it('sends the waiting save after a step that failed, so no change is lost', async () => {
    const agent = slowAgent();
    const saver = createCartSaver(agent.write);
    const failed = saver.alone(
      async () => ({ ok: false }),
      (result) => result.ok,
    );
    saver.save(cartWith('kept'));
    await failed;
    await agent.finishOne();
    await saver.idle();
    expect(agent.saved).toEqual(['kept']);
  });
});

describe('telling a scanner from a person', () => {
  const type = (detector: ReturnType<typeof createScanDetector>, text: string, gapMs: number) => {
    let at = 1000;
    for (const char of text) detector.character(char, (at += gapMs));
    return detector.enter(at + gapMs);
  };

  it('takes a fast burst ending in Enter as a code', () => {
    expect(type(createScanDetector(), '5012345678900', 4)).toBe('5012345678900');
  });

  it('leaves a person typing, even quickly, and a short fast run to the field', () => {
    expect(type(createScanDetector(), '5012345678900', 90)).toBeUndefined();
    expect(type(createScanDetector(), '5012345678900', 45)).toBeUndefined();
    expect(type(createScanDetector(), '250', 5)).toBeUndefined();
  });

  it('starts the code after a pause: what was typed before it is not part of it', () => {
    const detector = createScanDetector();
    detector.character('2', 0);
    detector.character('5', 400);
    let at = 1000;
    for (const char of '4006381333931') detector.character(char, (at += 3));
    expect(detector.enter(at + 3)).toBe('4006381333931');
  });

  it('takes a scan whose keys a busy page held back for a moment', () => {
    const detector = createScanDetector();
    const gaps = [5, 5, 5, 60, 5, 5, 5, 5, 5, 5, 5, 5, 5];
    let at = 0;
    [...'4006381333931'].forEach((char, index) => detector.character(char, (at += gaps[index]!)));
    expect(detector.enter(at + 5)).toBe('4006381333931');
  });

  it('does not take a burst as a code when Enter comes after a pause', () => {
    const detector = createScanDetector();
    let at = 0;
    for (const char of '4006381333931') detector.character(char, (at += 3));
    expect(detector.enter(at + 500)).toBeUndefined();
  });
});
