// The counter as the Till screen sees it: the open cart, kept by the agent (read when the
// screen opens, saved on every change), the held sales, and the carts that could not be read.
// Every step (a scan, a charge, a hold) runs in the order it was asked for; the cart is
// also kept in a ref, so a step reads it as it is when the step runs, not when it was asked.
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  emptyCart,
  type CartContent,
  type CounterState,
  type HeldCart,
  type SetAsideCart,
} from '../../../domain/cart';
import type { PinEntry } from '../../../domain/cashier';
import type { ContractResult } from '../../../main/contract/contract';
import { api } from '../api';
import { useWords } from '../words';
import { createCartSaver } from './cart-saver';
import { createCounterQueue } from './counter-queue';

/** `locale`: the till's, stamped on the cart so the agent reads its numbers the same way. */
export function useCounter(
  defaultMethod: string,
  onProblem: (message: string) => void,
  locale: string,
) {
  const problemRef = useRef(onProblem);
  problemRef.current = onProblem;
  // The newest words, read when a save fails: the language can change while a save runs.
  const words = useWords();
  const wordsRef = useRef(words);
  wordsRef.current = words;
  const queue = useMemo(createCounterQueue, []);
  const saver = useMemo(
    () =>
      createCartSaver(async (cart) => {
        const saved = await api.saveCart({ cart });
        const said = wordsRef.current;
        if (!saved.ok)
          problemRef.current(
            said.t('till.notice.cartNotSaved', { problem: said.error(saved.error) }),
          );
      }),
    [],
  );
  const cartRef = useRef<CartContent>(emptyCart(defaultMethod));
  const [cart, setCart] = useState(cartRef.current);
  const [held, setHeld] = useState<HeldCart[]>([]);
  const [setAside, setSetAside] = useState<SetAsideCart[]>([]);

  const show = (next: CartContent) => {
    cartRef.current = next;
    setCart(next);
  };
  const adopt = (state: CounterState) => {
    show(state.cart);
    setHeld(state.held);
    if (state.setAside.length > 0) setSetAside((shown) => [...shown, ...state.setAside]);
  };

  // The cart as the counter left it, before any step of this screen runs.
  useLayoutEffect(() => {
    queue.run(async () => {
      const counter = await api.getCounter({});
      if (counter.ok) adopt(counter.value);
      else problemRef.current(wordsRef.current.error(counter.error));
    });
  }, []);

  /** A step that replaces the agent's cart: alone, and what waited to be saved is dropped. */
  async function replacing<T>(
    action: () => Promise<ContractResult<T>>,
  ): Promise<ContractResult<T>> {
    return saver.alone(action, (result) => result.ok);
  }

  return {
    cart,
    cartRef,
    held,
    setAside,
    queue,
    /** Changes the cart on screen and saves it. */
    update: (change: (cart: CartContent) => CartContent) => {
      const next = { ...change(cartRef.current), locale };
      show(next);
      saver.save(next);
    },
    dismissSetAside: () => setSetAside([]),
    /** Charges the cart as it is now; on success the counter starts an empty cart. */
    /** A manager's PIN comes along when a discount is above the limit. */
    charge: async (approval?: PinEntry) => {
      const receipt = await replacing(() =>
        api.chargeCart({ cart: cartRef.current, ...(approval ? { approval } : {}) }),
      );
      if (receipt.ok) show(emptyCart(defaultMethod));
      return receipt;
    },
    hold: async (note: string) => {
      const state = await replacing(() => api.holdCart({ cart: cartRef.current, note }));
      if (state.ok) adopt(state.value);
      return state;
    },
    recall: async (cartId: string) => {
      const state = await replacing(() => api.recallCart({ cartId, cart: cartRef.current }));
      if (state.ok) adopt(state.value);
      return state;
    },
  };
}
