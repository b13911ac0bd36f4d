// The sync engine commits with synchronous=NORMAL: its WAL pages reach the disk only at a
// checkpoint, or when the cashier's next commit (synchronous=FULL) flushes the WAL file,
// and then that commit waits for all of them. With checkpoints every 10,000 pages (see
// db/open.ts) a sale rung up during a catch-up waited for up to 100 ms of the engine's
// writes: a p95 of 27 to 33 ms (bench:catchup). So the engine flushes its WAL itself
// every few dozen commits, in the background (libuv's thread pool: the event loop never
// waits for the disk), and the cashier's commit finds little left to flush.
import { closeSync, fsync, openSync } from 'node:fs';

/** Commits between two flushes: about 25 ms of a catch-up's writes. */
export const COMMITS_PER_FLUSH = 64;

export interface WalFlusher {
  /** A commit was made: after enough of them, the WAL file is flushed (one at a time). */
  committed(): void;
  /** Stops flushing (waits for a flush under way) and closes the file. */
  stop(): Promise<void>;
}

/** For a connection's database file, already in WAL mode (so its -wal file exists). */
export function startWalFlusher(file: string, onError: (error: Error) => void): WalFlusher {
  let fd: number | undefined;
  try {
    fd = openSync(`${file}-wal`, 'r');
  } catch (error) {
    onError(error as Error); // no flushing then: the cashier's commits still flush it all
  }
  let commits = 0;
  let flushing: Promise<void> | undefined;
  const flush = (handle: number) =>
    new Promise<void>((resolve) => {
      fsync(handle, (error) => {
        if (error) onError(error);
        resolve();
      });
    });
  return {
    committed() {
      commits += 1;
      if (flushing || fd === undefined || commits < COMMITS_PER_FLUSH) return;
      commits = 0;
      flushing = flush(fd).then(() => {
        flushing = undefined;
      });
    },
    async stop() {
      const handle = fd;
      fd = undefined;
      await flushing;
      if (handle !== undefined) closeSync(handle);
    },
  };
}
