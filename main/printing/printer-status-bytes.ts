// ESC/POS real-time status (DLE EOT n), per Epson's ESC/POS command reference: the three
// questions the till asks and what the one-byte answers mean. A printer answers these at
// once, even while offline or out of paper, and only after every byte sent before them.
import type { PrinterStatus } from '../../domain/printer-status.js';

const DLE = 0x10;
const EOT = 0x04;

/** The questions, in the order the till asks them. */
export const STATUS_QUERIES = {
  /** n=1 printer status: bit 2 drawer pin 3, bit 3 offline. */
  printer: Uint8Array.of(DLE, EOT, 1),
  /** n=2 offline cause: bit 2 cover open, bit 3 feed button, bit 5 paper-out stop, bit 6 error. */
  offlineCause: Uint8Array.of(DLE, EOT, 2),
  /** n=4 roll paper sensor: bits 2-3 near end, bits 5-6 out. */
  paper: Uint8Array.of(DLE, EOT, 4),
} as const;

export type StatusQuery = keyof typeof STATUS_QUERIES;
export const STATUS_QUERY_ORDER: readonly StatusQuery[] = ['printer', 'offlineCause', 'paper'];

/** The answers, one byte each. */
export type StatusAnswers = Record<StatusQuery, number>;

// Every answer has bit 1 and bit 4 set and bits 0 and 7 clear: anything else is not a status.
const FIXED_MASK = 0b1001_0011;
const FIXED_BITS = 0b0001_0010;

export const isStatusByte = (byte: number): boolean =>
  Number.isInteger(byte) && byte >= 0 && byte <= 0xff && (byte & FIXED_MASK) === FIXED_BITS;

const bit = (byte: number, n: number) => (byte & (1 << n)) !== 0;

/**
 * How the drawer's switch is wired to pin 3: most drawers pull it low when open (Epson's
 * default), and with no drawer plugged in the pin reads high, so it never shows open.
 */
export type DrawerOpenLevel = 'low' | 'high';

export type DecodedStatus =
  | { ok: true; status: PrinterStatus; feedButton: boolean }
  | { ok: false; query: StatusQuery; byte: number };

/** The status from the three answers, or the first answer that is not a status byte. */
export function decodePrinterStatus(
  answers: StatusAnswers,
  drawerOpenLevel: DrawerOpenLevel = 'low',
): DecodedStatus {
  for (const query of STATUS_QUERY_ORDER) {
    if (!isStatusByte(answers[query])) return { ok: false, query, byte: answers[query] };
  }
  const { printer, offlineCause, paper } = answers;
  const paperOut = bit(paper, 5) || bit(paper, 6) || bit(offlineCause, 5);
  const nearEnd = bit(paper, 2) || bit(paper, 3);
  const pin3High = bit(printer, 2);
  return {
    ok: true,
    status: {
      online: !bit(printer, 3) && !bit(offlineCause, 6),
      coverOpen: bit(offlineCause, 2),
      paper: paperOut ? 'out' : nearEnd ? 'near_end' : 'ok',
      drawerOpen: drawerOpenLevel === 'high' ? pin3High : !pin3High,
    },
    feedButton: bit(offlineCause, 3),
  };
}

/** The answers a printer in `status` gives (what the fake printers in the tests send). */
export function encodePrinterStatus(
  status: PrinterStatus,
  drawerOpenLevel: DrawerOpenLevel = 'low',
): StatusAnswers {
  const pin3High = drawerOpenLevel === 'high' ? status.drawerOpen : !status.drawerOpen;
  const offline = !status.online || status.coverOpen || status.paper === 'out';
  // Offline for no other reason: the printer reports an error (cutter, head, …).
  const error = !status.online && !status.coverOpen && status.paper !== 'out';
  return {
    printer: FIXED_BITS | (pin3High ? 1 << 2 : 0) | (offline ? 1 << 3 : 0),
    offlineCause:
      FIXED_BITS |
      (status.coverOpen ? 1 << 2 : 0) |
      (status.paper === 'out' ? 1 << 5 : 0) |
      (error ? 1 << 6 : 0),
    paper:
      FIXED_BITS |
      (status.paper === 'out' ? 0b0110_1100 : 0) |
      (status.paper === 'near_end' ? 0b0000_1100 : 0),
  };
}

/** A byte as 0x1f, for messages. */
export const hexByte = (byte: number) => `0x${byte.toString(16).padStart(2, '0')}`;
