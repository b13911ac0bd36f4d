// The inside of the fake ESC/POS printers (network and serial): it keeps every byte each
// connection sends, answers DLE EOT status questions from a state the test sets, and
// misbehaves as told. The transports around it only move bytes.
import type { PrinterStatus } from '../../domain/printer-status.js';
import {
  encodePrinterStatus,
  type DrawerOpenLevel,
  type StatusQuery,
} from '../../main/printing/printer-status-bytes.js';

/**
 * normal: reads and answers; silent: reads, never answers status; garbage: answers status
 * with a byte that is not one; stall: stops reading (the sender's buffers fill up); drop:
 * cuts the connection after `dropAfterBytes` bytes; refuse: takes no connection (network).
 */
export type FakeBehaviour = 'normal' | 'silent' | 'garbage' | 'stall' | 'drop' | 'refuse';

export const READY: PrinterStatus = {
  online: true,
  coverOpen: false,
  paper: 'ok',
  drawerOpen: false,
};

const DLE = 0x10;
const EOT = 0x04;
const QUERY_OF: Record<number, StatusQuery> = { 1: 'printer', 2: 'offlineCause', 4: 'paper' };

/** The bytes without the DLE EOT n status questions in them (what went to paper). */
export function withoutStatusQueries(bytes: Uint8Array): Buffer {
  const kept: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === DLE && bytes[i + 1] === EOT && (bytes[i + 2] ?? 0) in QUERY_OF) i += 2;
    else kept.push(bytes[i]!);
  }
  return Buffer.from(kept);
}

export interface FakeConnection {
  /** Every byte this connection sent, in order. */
  readonly bytes: () => Buffer;
  /** Takes a chunk; returns the answers to send back, and whether to cut the line now. */
  take(chunk: Uint8Array): { answer: Buffer; drop: boolean };
}

export class FakePrinterDevice {
  status: PrinterStatus = { ...READY };
  behaviour: FakeBehaviour = 'normal';
  dropAfterBytes = 64 * 1024;
  garbageByte = 0xff;
  drawerOpenLevel: DrawerOpenLevel = 'low';
  /** The status questions answered (or ignored), in order. */
  readonly queries: StatusQuery[] = [];
  readonly connections: FakeConnection[] = [];
  private readonly listeners = new Set<() => void>();

  /** A new connection (a client connected, or the port was opened). */
  connect(): FakeConnection {
    const chunks: Buffer[] = [];
    let count = 0;
    let tail = Buffer.alloc(0); // a question split across chunks
    const connection: FakeConnection = {
      bytes: () => Buffer.concat(chunks),
      take: (chunk) => {
        const data = Buffer.from(chunk);
        chunks.push(data);
        count += data.length;
        const scan = Buffer.concat([tail, data]);
        const answers: number[] = [];
        let i = 0;
        for (; i + 2 < scan.length; i++) {
          if (scan[i] !== DLE || scan[i + 1] !== EOT) continue;
          const query = QUERY_OF[scan[i + 2]!];
          if (query === undefined) continue;
          this.queries.push(query);
          const byte = this.answerTo(query);
          if (byte !== null) answers.push(byte);
          i += 2;
        }
        tail = scan.subarray(Math.max(i, scan.length - 2));
        this.notify();
        const drop = this.behaviour === 'drop' && count >= this.dropAfterBytes;
        return { answer: Buffer.from(answers), drop };
      },
    };
    this.connections.push(connection);
    return connection;
  }

  private answerTo(query: StatusQuery): number | null {
    if (this.behaviour === 'silent' || this.behaviour === 'stall') return null;
    if (this.behaviour === 'garbage') return this.garbageByte;
    return encodePrinterStatus(this.status, this.drawerOpenLevel)[query];
  }

  /** Every byte of every connection, in order. */
  received(): Buffer {
    return Buffer.concat(this.connections.map((connection) => connection.bytes()));
  }

  /** What would have gone to paper: every byte but the status questions. */
  printed(): Buffer {
    return withoutStatusQueries(this.received());
  }

  /** Resolves once `until` holds after some bytes came in (or already holds). */
  waitFor(until: () => boolean, timeoutMs = 5000): Promise<void> {
    if (until()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!until()) return;
        this.listeners.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`the fake printer did not see it in ${timeoutMs} ms`));
      }, timeoutMs);
      this.listeners.add(check);
    });
  }

  private notify() {
    for (const listener of [...this.listeners]) listener();
  }
}
