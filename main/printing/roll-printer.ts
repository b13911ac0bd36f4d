// One print job for a receipt printer, written line by line through the encoder
// (@point-of-sale/receipt-printer-encoder): lines come laid out already (domain/views/
// till-roll.ts), so the encoder only styles them, picks code pages, draws the barcode and
// cuts. ESC/POS or StarPRNT, as the profile speaks.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { Codepage } from '@point-of-sale/codepage-encoder';
import {
  printerProfile,
  profileColumns,
  type PrinterProfileId,
} from '../../domain/printer-profiles.js';
import type { ReceiptWidth } from '../../domain/sale-states.js';
import { lengthOf } from '../../domain/views/till-roll.js';
import { BARCODE_HEIGHT_DOTS, printerBarcode } from './printer-barcode.js';
import { codepageRuns, profileCodepages } from './printer-codepages.js';

/** Which printer and which paper: the profile's fonts and code pages, the roll's columns. */
export interface PrintLayout {
  profile: PrinterProfileId;
  width: ReceiptWidth;
}

export interface LineStyle {
  bold?: boolean;
  /** White on black. */
  invert?: boolean;
  /** Characters twice as wide (half as many fit) and twice as high. */
  double?: boolean;
  /** Twice as high, as wide as ever. */
  tall?: boolean;
  centre?: boolean;
}

/** Lines fed after the last printed one before the cut, where a profile names none. */
const FEED_WITHOUT_CUTTER_SETTING = 4;
/** The drawer's pulse: long enough for the solenoid, the printer's usual 100 ms. */
export const DRAWER_PULSE = { onMs: 100, offMs: 200 } as const;
export const DRAWER_PINS = [0, 1] as const;

const encoderFor = (
  layout: PrintLayout,
  options: { feedBeforeCut?: number; feedAfterBlock?: boolean } = {},
) =>
  new ReceiptPrinterEncoder({
    printerModel: layout.profile,
    columns: profileColumns(layout.profile, layout.width),
    ...options,
  });

/** What the encoder's printer definition says of the cutter and the line ends. */
const capabilitiesOf = (profile: PrinterProfileId) =>
  new ReceiptPrinterEncoder({ printerModel: profile }).printerCapabilities as {
    cutter?: { feed?: number };
    newline?: string;
  };

/** Blank lines fed before the cut, so the last line clears the cutter (or the tear bar). */
export const feedLinesBeforeCut = (profile: PrinterProfileId): number =>
  capabilitiesOf(profile).cutter?.feed ?? FEED_WITHOUT_CUTTER_SETTING;

/** The newline the encoder ends each line with on this profile (LF CR unless it says LF). */
const newlineBytes = (profile: PrinterProfileId): number[] =>
  [...(capabilitiesOf(profile).newline ?? '\n\r')].map((char) => char.charCodeAt(0));

const endsWith = (bytes: Uint8Array, tail: number[]) =>
  tail.length > 0 &&
  bytes.length >= tail.length &&
  tail.every((byte, i) => bytes[bytes.length - tail.length + i] === byte);

/** A pulse on both drawer pins, and nothing else (no feed, no reset). */
export function drawerPulseBytes(layout: PrintLayout): Uint8Array {
  // One encoder per pulse: after a pulse the encoder feeds a line unless it ends the job.
  const pulses = DRAWER_PINS.map((pin) =>
    encoderFor(layout).pulse(pin, DRAWER_PULSE.onMs, DRAWER_PULSE.offMs).encode(),
  );
  return Uint8Array.from(pulses.flatMap((bytes) => [...bytes]));
}

/** A job: reset the printer, then lines, barcodes and the cut. */
export function rollPrinter(layout: PrintLayout) {
  const columns = profileColumns(layout.profile, layout.width);
  const pages = profileCodepages(layout.profile);
  // No feed after a barcode: the printer starts the next line under it by itself, and the
  // blank lines around it are the roll's own.
  const encoder = encoderFor(layout, {
    feedBeforeCut: feedLinesBeforeCut(layout.profile),
    feedAfterBlock: false,
  });
  let codepage: Codepage | null = null;
  encoder.initialize();

  /** Text in the code pages that have it: the encoder sends ESC t where the page changes. */
  function text(value: string) {
    for (const run of codepageRuns(value, pages, codepage)) {
      encoder.codepage(run.codepage).text(run.text);
      codepage = run.codepage;
    }
  }

  /** One line, at most `columns` characters (half as many when double). */
  function line(value: string, style: LineStyle = {}) {
    if (style.double && lengthOf(value) * 2 > columns)
      throw new Error(`"${value}" is too long to print double on ${columns} columns.`);
    if (style.centre) encoder.align('center');
    if (style.bold) encoder.bold(true);
    if (style.invert) encoder.invert(true);
    if (style.double) encoder.size(2, 2);
    else if (style.tall) encoder.size(1, 2);
    text(value);
    // Styles end before the newline: ended after it, the encoder would open the next line with them.
    if (style.double || style.tall) encoder.size(1, 1);
    if (style.invert) encoder.invert(false);
    if (style.bold) encoder.bold(false);
    if (style.centre) encoder.align('left');
    encoder.newline();
  }

  /** The receipt's Code 128 barcode, centred, its text under it; the text alone if it cannot be bars. */
  function barcode(code: string) {
    const bars = printerBarcode(code, layout.width, encoder.printableWidth);
    if (!bars) {
      line(code, { centre: true });
      return;
    }
    // StarPRNT chooses code sets itself; ESC/POS gets the symbol the paper draws.
    const data = encoder.language === 'esc-pos' ? bars.escPosData : code;
    encoder
      .align('center')
      .barcode(data, 'code128', {
        height: BARCODE_HEIGHT_DOTS,
        width: bars.moduleDots - 1, // the encoder sends GS w (width + 1)
        text: 'below',
      })
      .align('left');
  }

  /** Feed past the cutter, cut, and the job's bytes. */
  function cut(): Uint8Array {
    const bytes = encoder.cut().encode();
    // The encoder feeds a line after the cut too: the next receipt would start blank.
    const newline = newlineBytes(layout.profile);
    return endsWith(bytes, newline) ? bytes.slice(0, bytes.length - newline.length) : bytes;
  }

  return { columns, profile: printerProfile(layout.profile), line, barcode, cut };
}

export type RollPrinter = ReturnType<typeof rollPrinter>;
