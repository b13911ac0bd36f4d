// What the screens say about the receipt printer: the Till screen's notice only while
// receipts wait on a printer in trouble (not for a receipt printing now), and Settings'
// status line for each state the agent reports.
import { describe, expect, it } from 'vitest';
import type { PrintJobView } from '../../domain/print-jobs.js';
import type { PrinterView } from '../../domain/printer-view.js';
import { printerStatusLine, tillNotice } from '../../renderer/src/printer-words.js';
import { translator } from '../../domain/i18n/messages.js';
import { printerProblem } from '../../main/printing/printer-problem.js';

const PRINTER = 'tcp://192.168.1.50:9100';
const REFUSED = `The printer at ${PRINTER} refused the connection: check the port.`;
const job = (id: number, attempts: number): PrintJobView => ({
  id,
  kind: 'receipt',
  ref: `sale-${id}`,
  label: `Receipt #${id}`,
  openDrawer: false,
  state: 'waiting',
  attempts,
  lastProblem: attempts > 0 ? REFUSED : null,
  createdAt: 0,
});
const view = (patch: Partial<PrinterView>): PrinterView => ({
  address: PRINTER,
  setBy: null,
  setupProblem: null,
  profile: 'epson-tm-t20iii',
  drawer: true,
  condition: 'ready',
  problem: null,
  status: null,
  retryInSeconds: null,
  waiting: [],
  ...patch,
});

describe("the Till screen's printer notice", () => {
  it('says nothing when nothing waits, or while a first try is under way', () => {
    expect(tillNotice(view({}))).toBeNull();
    expect(tillNotice(view({ condition: 'problem', problem: REFUSED }))).toBeNull();
    expect(tillNotice(view({ waiting: [job(1, 0)] }))).toBeNull();
  });

  it('counts the jobs waiting on a printer with a problem, and says the problem', () => {
    const notice = tillNotice(
      view({ condition: 'problem', problem: REFUSED, waiting: [job(1, 1), job(2, 0)] }),
    );
    expect(notice).toEqual({
      text: `Printer not printing: 2 print jobs waiting. ${REFUSED}`,
      trouble: true,
    });
  });

  it('still shows a job that failed before while the printer is being tried again', () => {
    expect(tillNotice(view({ condition: 'ready', waiting: [job(1, 2)] }))).toEqual({
      text: 'Printing: 1 print job waiting',
      trouble: false,
    });
  });

  it('says a printer address set outside Settings that is not valid', () => {
    const setupProblem = 'TILLSYNC_PRINTER: The printer address "lpt1" is not one of …';
    expect(tillNotice(view({ address: null, setupProblem, waiting: [job(1, 0)] }))).toEqual({
      text: setupProblem,
      trouble: true,
    });
  });
});

describe("Settings' printer status line", () => {
  it('names the print dialog when no address is set', () => {
    expect(printerStatusLine(view({ address: null }))).toBe(
      'No printer address: receipts print through the print dialog.',
    );
  });

  it('gives the address with the last problem, the status words, or that it is untried', () => {
    expect(printerStatusLine(view({ condition: 'problem', problem: REFUSED }))).toBe(
      `${PRINTER}: ${REFUSED}`,
    );
    const status = { online: true, coverOpen: false, paper: 'near_end' as const, drawerOpen: true };
    expect(printerStatusLine(view({ status }))).toBe(
      `${PRINTER}: Ready; paper running low; drawer open`,
    );
    expect(printerStatusLine(view({ condition: 'unknown' }))).toBe(
      `${PRINTER}: Not tried yet: print a test page.`,
    );
  });
});

describe("the printer's words in the till's language", () => {
  const german = translator('de-DE');
  const french = translator('fr-FR');
  const refused = printerProblem('refused', { kind: 'tcp', host: '192.168.1.50', port: 9100 });
  const problem = refused.toAppError();

  it('says the waiting jobs and the problem in German, from its key (English stays in the view)', () => {
    const waiting = view({
      condition: 'problem',
      problem: problem.message,
      problemSay: problem.say ?? null,
      waiting: [job(1, 1), job(2, 0)],
    });
    expect(tillNotice(waiting)?.text).toBe(
      `Printer not printing: 2 print jobs waiting. ${problem.message}`,
    );
    expect(tillNotice(waiting, german)).toEqual({
      text: `Drucker druckt nicht: 2 Druckaufträge warten. Der Drucker unter ${PRINTER} hat die Verbindung abgelehnt: Prüfen Sie den Port in der Druckeradresse in den Einstellungen und ob nichts anderes auf ihm druckt.`,
      trouble: true,
    });
    expect(tillNotice(view({ condition: 'ready', waiting: [job(1, 2)] }), german)?.text).toBe(
      'Druckt: 1 Druckauftrag wartet',
    );
  });

  it("says Settings' status line in French", () => {
    const status = { online: true, coverOpen: false, paper: 'near_end' as const, drawerOpen: true };
    expect(printerStatusLine(view({ status }), french)).toBe(
      `${PRINTER} : Prête ; bientôt plus de papier ; tiroir-caisse ouvert`,
    );
    const out = { ...status, paper: 'out' as const };
    expect(printerStatusLine(view({ status: out }), french)).toBe(
      `${PRINTER} : L'imprimante n'a plus de papier : mettez un nouveau rouleau.`,
    );
    expect(printerStatusLine(view({ address: null }), french)).toBe(
      "Aucune adresse d'imprimante : les tickets s'impriment avec la boîte de dialogue d'impression.",
    );
  });
});
