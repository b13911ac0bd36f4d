// Reads run together in one read transaction: they see the file at one moment (a status
// never counts the queue of one commit beside the state of the next), and take the file's
// read lock once, not once each (the engine reads its status at every change it makes).
import type { TillDatabase } from './open.js';

export type OneRead = <T>(read: () => T) => T;

export function oneRead({ sqlite }: TillDatabase): OneRead {
  // Inside a caller's transaction, a savepoint: the reads see what it wrote.
  const inOne = sqlite.transaction((read: () => unknown) => read());
  return <T>(read: () => T) => inOne(read) as T;
}
