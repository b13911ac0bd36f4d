// The status a cashier reads (banner, Sync screen, tray) in the till's language: counts
// agree with their nouns in every language (0, 1, 2 sales), figures are written the
// locale's way, times inflect ("vor 5 Tagen"), and English reads exactly as it did.
import { describe, expect, it } from 'vitest';
import { english, translator } from '../../domain/i18n/messages.js';
import type { SyncStatus } from '../../domain/sync-status.js';
import { shiftLine, viewStatus } from '../../domain/views/status-view.js';
import { calmStatus } from '../helpers/sync-status-fixture.js';

const T0 = Date.UTC(2026, 10, 21, 11, 0, 0);
const german = translator('de-DE');
const french = translator('fr-FR');
const MINUTE = 60_000;
const DAY = 86_400_000;

/** A status read at T0: online (the platform answered just now) unless told otherwise. */
function status(
  counts: Partial<SyncStatus['counts']> = {},
  more: Partial<SyncStatus> = {},
): SyncStatus {
  return calmStatus(T0, {
    counts: { pending: 0, sending: 0, synced: 3, refused: 0, discarded: 0, voided: 0, ...counts },
    lastSuccessAt: T0 - 3 * MINUTE,
    ...more,
  });
}
const offline = (pending: number) => status({ pending }, { link: 'offline' });

describe('the status view in German and French', () => {
  it('says 0, 1 and 2 waiting sales with the right noun, never "0 sales will be sent"', () => {
    const said = (words = english) =>
      [0, 1, 2].map((n) => viewStatus(offline(n), T0, 'UTC', words).headline);
    expect(said(german)).toEqual([
      'Offline: Die Plattform ist nicht erreichbar. Verkaufen Sie weiter; Verkäufe bleiben auf dieser Kasse und werden gesendet, sobald sie wieder da ist.',
      'Offline: Die Plattform ist nicht erreichbar. Verkaufen Sie weiter; 1 Verkauf wird gesendet, sobald sie wieder da ist.',
      'Offline: Die Plattform ist nicht erreichbar. Verkaufen Sie weiter; 2 Verkäufe werden gesendet, sobald sie wieder da ist.',
    ]);
    expect(said(french)).toEqual([
      'Hors ligne : la plateforme est injoignable. Continuez à vendre, les ventes restent sur cette caisse et seront envoyées à son retour.',
      'Hors ligne : la plateforme est injoignable. Continuez à vendre, 1 vente sera envoyée à son retour.',
      'Hors ligne : la plateforme est injoignable. Continuez à vendre, 2 ventes seront envoyées à son retour.',
    ]);
    expect(viewStatus(offline(2), T0, 'UTC', translator('es-ES')).headline).toBe(
      'Sin conexión: no se puede contactar con la plataforma. Siga vendiendo; 2 ventas se enviarán cuando vuelva.',
    );
    // English, word for word as before the catalog.
    expect(said()).toEqual([
      'Offline: the platform cannot be reached. Keep selling; sales are kept on this till and sent when it is back.',
      'Offline: the platform cannot be reached. Keep selling; 1 sale will be sent when it is back.',
      'Offline: the platform cannot be reached. Keep selling; 2 sales will be sent when it is back.',
    ]);
  });

  it('agrees the refused sales that need a person with their verb, and writes figures the locale way', () => {
    const oneRefused = status({ refused: 1 });
    expect(viewStatus(oneRefused, T0, 'UTC', german).headline).toBe(
      'Online: Alle anderen Verkäufe wurden übertragen. 1 abgelehnter Verkauf braucht Sie auf dem Bildschirm Synchronisation.',
    );
    expect(viewStatus(status({ refused: 2 }), T0, 'UTC', french).headline).toBe(
      'En ligne : toutes les autres ventes ont été envoyées. 2 ventes refusées vous attendent sur l’écran Synchronisation.',
    );
    expect(viewStatus(oneRefused, T0).headline).toBe(
      'Online: every other sale has been sent. 1 refused sale needs you on the Sync screen.',
    );
    const many = status({ pending: 1200, sending: 34 });
    expect(viewStatus(many, T0, 'UTC', german).headline).toBe(
      'Online: 1.234 Verkäufe werden gesendet.',
    );
    expect(viewStatus(many, T0, 'UTC', french).headline).toBe(
      'En ligne : envoi de 1\u202f234 ventes.',
    );
    expect(viewStatus(many, T0, 'UTC', english).headline).toBe('Online: sending 1,234 sales.');
    expect(viewStatus(status({ pending: 1 }), T0).headline).toBe('Online: sending 1 sale.');
  });

  it('gives the tray its short line in the language, counts only when there are some', () => {
    const mixed = status({ pending: 2, refused: 1 }, { mode: 'sandbox', uncertain: 1 });
    expect(viewStatus(mixed, T0, 'UTC', german).short).toBe(
      'Tillsync: Sandbox, online, 2 wartend, 1 zu beheben, 1 unsicher',
    );
    expect(viewStatus(status(), T0, 'UTC', french).short).toBe('Tillsync : en ligne, 0 en attente');
    expect(viewStatus(mixed, T0).short).toBe(
      'Tillsync: sandbox, online, 2 waiting, 1 to fix, 1 uncertain',
    );
  });

  it('says times in the right tense and case: "vor 5 Tagen", "il y a 3 min", "in 4 s"', () => {
    const waited = status(
      { pending: 1 },
      { lastSuccessAt: T0 - 5 * DAY, nextAttemptAt: T0 + 4000, lastContactAt: T0 },
    );
    const de = viewStatus(waited, T0, 'UTC', german);
    expect([de.lastSuccess, de.nextAttempt]).toEqual(['vor 5 Tagen', 'in 4 s']);
    const fr = viewStatus(status(), T0, 'UTC', french);
    expect([fr.lastSuccess, fr.nextAttempt]).toEqual(['il y a 3 min', 'rien en attente']);
    const en = viewStatus(waited, T0);
    expect([en.lastSuccess, en.nextAttempt]).toEqual(['5 days ago', 'in 4 s']);
    expect(viewStatus(status({}, { lastSuccessAt: null }), T0, 'UTC', german).lastSuccess).toBe(
      'nie',
    );
  });

  it('warns in the language: 1 and 2 uncertain sales, a stale queue, a clock behind', () => {
    const doubtful = (uncertain: number) =>
      status({}, { uncertain, keysHonoured: false, stale: uncertain, clockSkewMs: 2 * 3_600_000 });
    expect(viewStatus(doubtful(1), T0, 'UTC', german).warnings).toEqual([
      '1 ohne Antwort gesendeter Verkauf ist möglicherweise schon auf der Plattform (doppelt, wenn erneut gesendet): Prüfen Sie das dort.',
      '1 Verkauf wartet seit mehr als einem Tag.',
      'Die Uhr dieser Kasse geht gegenüber der Plattform 2 Std. nach. Belege tragen die Zeit der Kasse: Bitte stellen Sie die Uhr.',
    ]);
    expect(viewStatus(doubtful(2), T0, 'UTC', french).warnings.slice(0, 2)).toEqual([
      '2 ventes envoyées sans réponse sont peut-être déjà sur la plateforme (en double, si elles sont renvoyées) : vérifiez sur la plateforme.',
      '2 ventes attendent depuis plus d’un jour.',
    ]);
    expect(viewStatus(doubtful(2), T0).warnings).toEqual([
      '2 sales sent without an answer may already be on the platform (twice, if sent again): look them up there.',
      '2 sales waiting for more than a day.',
      "This till's clock is 2 h behind the platform's. Receipts carry the till's time: please set the clock.",
    ]);
  });

  it('says the shift with its time in the locale, and none open', () => {
    const shift = {
      id: 'shift_1',
      state: 'open' as const,
      openedAt: T0 - 2 * 3_600_000,
      openedBy: 'Ann',
      floatMinor: 10_000,
      floatCounted: true,
    };
    expect(shiftLine(shift, T0, 'Europe/Berlin', german)).toBe(
      'Geöffnet seit 21.11.2026, 10:00:00 (vor 2 Std.), geöffnet von Ann; Wechselgeld gezählt.',
    );
    expect(shiftLine({ ...shift, openedBy: null, floatCounted: false }, T0, 'UTC', french)).toBe(
      'Ouverte depuis le 21/11/2026 09:00:00 (il y a 2 h), ouverte sans caissier nommé, fond de caisse non compté (la session s’est ouverte d’elle-même).',
    );
    expect(shiftLine(null, T0, 'UTC', german)).toBe('Keine Schicht geöffnet.');
    expect(shiftLine(shift, T0, 'UTC')).toBe(
      'Open since 11/21/2026, 9:00:00 AM (2 h ago), opened by Ann; float counted.',
    );
  });
});
