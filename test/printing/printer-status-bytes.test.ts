import { describe, expect, it } from 'vitest';
import { printerBlocked, type PrinterStatus } from '../../domain/printer-status.js';
import {
  decodePrinterStatus,
  encodePrinterStatus,
  isStatusByte,
  STATUS_QUERIES,
  type StatusAnswers,
} from '../../main/printing/printer-status-bytes.js';

// Answers as Epson's ESC/POS reference lays them out (DLE EOT 1, 2, 4).
const answers = (printer: number, offlineCause: number, paper: number): StatusAnswers => ({
  printer,
  offlineCause,
  paper,
});
const decoded = (a: StatusAnswers, level?: 'low' | 'high') => {
  const result = decodePrinterStatus(a, level);
  if (!result.ok) throw new Error(`not a status: ${result.query} ${result.byte}`);
  return result;
};

describe('DLE EOT status bytes', () => {
  it('asks the printer, the offline cause and the roll paper sensor', () => {
    expect([...STATUS_QUERIES.printer]).toEqual([0x10, 0x04, 1]);
    expect([...STATUS_QUERIES.offlineCause]).toEqual([0x10, 0x04, 2]);
    expect([...STATUS_QUERIES.paper]).toEqual([0x10, 0x04, 4]);
  });

  it('reads a ready printer with its drawer shut (pin 3 high)', () => {
    expect(decoded(answers(0x16, 0x12, 0x12)).status).toEqual({
      online: true,
      coverOpen: false,
      paper: 'ok',
      drawerOpen: false,
    });
  });

  it('reads the drawer from pin 3 as the drawer is wired', () => {
    expect(decoded(answers(0x12, 0x12, 0x12)).status.drawerOpen).toBe(true);
    expect(decoded(answers(0x12, 0x12, 0x12), 'high').status.drawerOpen).toBe(false);
    expect(decoded(answers(0x16, 0x12, 0x12), 'high').status.drawerOpen).toBe(true);
  });

  it('reads paper near end from either near-end bit (2 or 3), the printer still online', () => {
    for (const paper of [0x16, 0x1a, 0x1e]) {
      const { status } = decoded(answers(0x16, 0x12, paper));
      expect(status).toMatchObject({ online: true, paper: 'near_end' });
      expect(printerBlocked(status)).toBeNull();
    }
  });

  it('reads paper out from the sensor (bits 5-6) or from the paper-end stop (cause bit 5)', () => {
    for (const [printer, cause, paper] of [
      [0x1e, 0x32, 0x7e],
      [0x1e, 0x12, 0x32],
      [0x1e, 0x12, 0x52],
      [0x1e, 0x32, 0x12],
    ] as const) {
      const { status } = decoded(answers(printer, cause, paper));
      expect(status).toMatchObject({ online: false, paper: 'out' });
      expect(printerBlocked(status)).toBe('The printer is out of paper: put in a new roll.');
    }
  });

  it('reads the cover open, an error, and the feed button from the offline cause', () => {
    const cover = decoded(answers(0x1e, 0x16, 0x12));
    expect(cover.status).toMatchObject({ online: false, coverOpen: true, paper: 'ok' });
    expect(printerBlocked(cover.status)).toBe("The printer's cover is open: close it.");
    expect(decoded(answers(0x16, 0x52, 0x12)).status).toMatchObject({
      online: false,
      coverOpen: false,
    });
    expect(decoded(answers(0x1e, 0x1a, 0x12))).toMatchObject({ feedButton: true });
    expect(decoded(answers(0x16, 0x12, 0x12))).toMatchObject({ feedButton: false });
  });

  it('takes only bytes with bit 1 and bit 4 set and bits 0 and 7 clear', () => {
    const valid = Array.from({ length: 256 }, (_, byte) => byte).filter(isStatusByte);
    expect(valid).toHaveLength(16); // bits 2, 3, 5 and 6 free
    expect(valid).toContain(0x12);
    expect(valid).toContain(0x7e);
    for (const bad of [0x00, 0xff, 0x13, 0x92, 0x10, 0x02, 0x0a, 256, -1, 1.5]) {
      expect(isStatusByte(bad)).toBe(false);
    }
  });

  it('names the first answer that is not a status, and the byte', () => {
    expect(decodePrinterStatus(answers(0xff, 0x12, 0x12))).toEqual({
      ok: false,
      query: 'printer',
      byte: 0xff,
    });
    expect(decodePrinterStatus(answers(0x16, 0x12, 0x41))).toEqual({
      ok: false,
      query: 'paper',
      byte: 0x41,
    });
    expect(decodePrinterStatus(answers(0x16, 0x00, 0x00))).toMatchObject({
      query: 'offlineCause',
    });
  });

  it('encodes what a printer in a state answers, and that decodes back', () => {
    const states: PrinterStatus[] = [
      { online: true, coverOpen: false, paper: 'ok', drawerOpen: false },
      { online: true, coverOpen: false, paper: 'near_end', drawerOpen: true },
      { online: false, coverOpen: false, paper: 'out', drawerOpen: false },
      { online: false, coverOpen: true, paper: 'ok', drawerOpen: true },
      { online: false, coverOpen: false, paper: 'ok', drawerOpen: false },
    ];
    for (const level of ['low', 'high'] as const) {
      for (const state of states) {
        expect(decoded(encodePrinterStatus(state, level), level).status).toEqual(state);
      }
    }
    // A real printer with its cover open or out of paper is offline as well.
    const cover = encodePrinterStatus({ ...states[0]!, coverOpen: true });
    expect(decoded(cover).status).toMatchObject({ online: false, coverOpen: true });
    expect(encodePrinterStatus(states[0]!)).toEqual(answers(0x16, 0x12, 0x12));
    expect(encodePrinterStatus(states[2]!)).toEqual(answers(0x1e, 0x32, 0x7e));
  });
});
