// A PrinterLink over any two-way byte stream (a TCP socket, a serial port): one operation at
// a time, a job sent in pieces so a printer that stops reading is caught by the lack of
// progress (not by a guess at how long a receipt takes), status asked byte by byte with a
// read timeout, and a lost connection failing what waits on it at once.
import type { PrinterAddress } from '../../domain/printer-address.js';
import type { PrinterStatus } from '../../domain/printer-status.js';
import type { LinkSettings, PrinterLink } from './printer-link.js';
import { printerProblem, type PrinterProblem } from './printer-problem.js';
import {
  decodePrinterStatus,
  hexByte,
  STATUS_QUERIES,
  STATUS_QUERY_ORDER,
  type StatusAnswers,
} from './printer-status-bytes.js';

export interface ByteStream {
  /** Hands `chunk` to the transport; `done` once it took all of it, or with the error. */
  send(chunk: Uint8Array, done: (error?: Error | null) => void): void;
  /** Lets go of the connection or port at once. */
  destroy(): Promise<void>;
}

export interface StreamLink extends PrinterLink {
  /** The transport calls this with every byte the printer sends. */
  received(chunk: Uint8Array): void;
  /** The transport calls this when the connection ended or failed by itself. */
  lost(problem: PrinterProblem): void;
}

/** Progress is checked per piece: small enough that a stall shows within the timeout. */
export const DEFAULT_PIECE = 4096;

export function streamLink(
  address: PrinterAddress,
  stream: ByteStream,
  settings: LinkSettings,
  /** The problem a transport error means (its codes differ per transport). */
  problemOf: (error: Error) => PrinterProblem,
  /** Bytes per piece: a slow line needs small ones to show progress within the timeout. */
  piece = DEFAULT_PIECE,
): StreamLink {
  const { timers, timeoutMs } = settings;
  let broken: PrinterProblem | null = null;
  let closed = false;
  let turn: Promise<unknown> = Promise.resolve();
  const inbox: number[] = [];
  const waiting = new Set<(problem: PrinterProblem) => void>();
  let wakeReader: (() => void) | null = null;
  let destroying: Promise<void> | undefined;
  const destroy = () => (destroying ??= stream.destroy());

  function breakWith(problem: PrinterProblem): void {
    if (broken) return;
    broken = problem;
    for (const reject of waiting) reject(problem);
    waiting.clear();
    void destroy();
  }

  // Waits for `start` to finish; a timeout or a lost connection rejects instead.
  function bounded<T>(
    start: (resolve: (value: T) => void, reject: (problem: PrinterProblem) => void) => void,
    onTimeout: () => PrinterProblem,
  ): Promise<T> {
    if (broken) return Promise.reject(broken);
    return new Promise<T>((resolve, reject) => {
      const settle = () => {
        timer.cancel();
        waiting.delete(rejectNow);
      };
      const rejectNow = (problem: PrinterProblem) => {
        settle();
        reject(problem);
      };
      const timer = timers.after(timeoutMs, () => rejectNow(onTimeout()), { background: true });
      waiting.add(rejectNow);
      start((value) => {
        settle();
        resolve(value);
      }, rejectNow);
    });
  }

  // One operation at a time: a status question never lands in the middle of a job.
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (closed) return Promise.reject(printerProblem('unreachable', address, 'link closed'));
    const next = turn.then(work, work);
    turn = next.catch(() => undefined);
    return next;
  }

  // A piece that is not taken in time means the line is backed up: the link is done with.
  const sendPiece = (chunk: Uint8Array, onTimeout: () => PrinterProblem) =>
    bounded<void>(
      (resolve, reject) =>
        stream.send(chunk, (error) => (error ? reject(problemOf(error)) : resolve())),
      onTimeout,
    ).catch((problem: PrinterProblem) => {
      breakWith(problem);
      throw problem;
    });

  async function writeAll(bytes: Uint8Array): Promise<void> {
    for (let taken = 0; taken < bytes.length; taken += piece) {
      const stalled = () =>
        printerProblem(
          'timeout',
          address,
          `${taken} of ${bytes.length} bytes taken, nothing more in ${timeoutMs} ms`,
        );
      await sendPiece(bytes.subarray(taken, taken + piece), stalled);
    }
  }

  function nextByte(onTimeout: () => PrinterProblem): Promise<number> {
    return bounded<number>((resolve) => {
      const take = () => {
        if (inbox.length === 0) return false;
        wakeReader = null;
        resolve(inbox.shift()!);
        return true;
      };
      if (!take()) wakeReader = () => void take();
    }, onTimeout).finally(() => (wakeReader = null));
  }

  async function readStatus(): Promise<PrinterStatus> {
    const answers: Partial<StatusAnswers> = {};
    for (const query of STATUS_QUERY_ORDER) {
      const bytes = STATUS_QUERIES[query];
      const n = bytes[2];
      inbox.length = 0; // whatever came unasked is not this answer
      const silent = () =>
        printerProblem('no_answer', address, `nothing back to DLE EOT ${n} in ${timeoutMs} ms`);
      await sendPiece(bytes, silent);
      answers[query] = await nextByte(silent);
    }
    const decoded = decodePrinterStatus(answers as StatusAnswers, settings.drawerOpenLevel);
    if (!decoded.ok) {
      const n = STATUS_QUERIES[decoded.query][2];
      throw printerProblem('garbage', address, `${hexByte(decoded.byte)} to DLE EOT ${n}`);
    }
    return decoded.status;
  }

  return {
    write: (bytes) => inTurn(() => writeAll(bytes)),
    status: () => inTurn(readStatus),
    async close() {
      if (closed) return;
      closed = true;
      breakWith(printerProblem('unreachable', address, 'link closed'));
      await destroy();
    },
    received(chunk) {
      for (const byte of chunk) inbox.push(byte);
      // A printer that talks unasked (automatic status back) must not fill memory.
      if (inbox.length > 256) inbox.splice(0, inbox.length - 256);
      wakeReader?.();
    },
    lost: breakWith,
  };
}
