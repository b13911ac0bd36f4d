// The trading day as a screen shows it: the shift, who is signed in, the cashiers and the
// counting form's notes and coins. Read when the screen opens, after every change it makes,
// and when a sale is recorded (a sale with no shift open opens one by itself).
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ShiftState } from '../../../main/contract/contract';
import { api } from '../api';
import { useEvent } from '../hooks';
import { useWords } from '../words';

export function useShift() {
  const words = useWords();
  const [state, setState] = useState<ShiftState>();
  const [problem, setProblem] = useState<string>();
  const refresh = useCallback(async () => {
    const result = await api.getShift({});
    setProblem(result.ok ? undefined : words.error(result.error));
    if (result.ok) setState(result.value);
  }, [words]);
  useEffect(() => void refresh(), [refresh]);
  useEvent(
    'salesChanged',
    useCallback(() => void refresh(), [refresh]),
  );
  return { state, problem, refresh };
}

/** Whether someone must sign in before working: the till has cashiers and nobody is signed in. */
export const needsSignIn = (state: ShiftState) =>
  state.cashiers.length > 0 && state.signedIn === null;
