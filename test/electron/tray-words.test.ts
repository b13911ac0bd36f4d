// The tray in the till's language: its line is the status view's short form (the banner's),
// and its menu in German when the till speaks German.
import { describe, expect, it } from 'vitest';
import { translator } from '../../domain/i18n/messages.js';
import { viewStatus } from '../../domain/views/status-view.js';
import { trayMenu, trayText } from '../../main/electron/tray.js';
import type { SyncStatus } from '../../main/sync/status.js';
import { calmStatus } from '../helpers/sync-status-fixture.js';

const NOW = 1_800_000_000_000;

const base = calmStatus(NOW, {
  counts: { pending: 3, sending: 1, synced: 10, refused: 2, discarded: 0, voided: 0 },
  uncertain: 1,
  keysHonoured: false,
  oldestPendingAgeMs: 5000,
  lastContactAt: NOW - 1000,
  sender: 'this process',
});

const statuses: SyncStatus[] = [
  base,
  { ...base, mode: 'sandbox', uncertain: 0, counts: { ...base.counts, refused: 0 } },
  {
    ...base,
    link: 'offline',
    lastContactAt: null,
    counts: { ...base.counts, pending: 1, sending: 0 },
  },
  { ...base, link: 'checking', lastContactAt: null, uncertain: 0 },
  { ...base, paused: { reason: 'key_rejected', since: NOW - 5000 } },
  { ...base, counts: { ...base.counts, pending: 1234, sending: 0, refused: 1 }, uncertain: 0 },
];

const noop = () => undefined;
const labels = (words = translator('en-US')) =>
  trayMenu(base, { open: noop, resync: noop, quit: noop }, words)
    .map((item) => item.label)
    .filter(Boolean);

describe('the tray in the till’s language', () => {
  it.each(statuses.map((status, index) => [index, status] as const))(
    'says status %i in English exactly as the status view does',
    (_index, status) => {
      expect(trayText(status, NOW)).toBe(viewStatus(status, NOW).short);
    },
  );

  it('says the line and the menu in German, counts as the banner writes them', () => {
    const german = translator('de-DE');
    expect(trayText(statuses[5]!, NOW, german)).toBe(
      'Tillsync: online, 1.234 wartend, 1 zu beheben',
    );
    expect(trayText(statuses[1]!, NOW, german)).toBe('Tillsync: Sandbox, online, 4 wartend');
    expect(labels(german).slice(1)).toEqual([
      'Tillsync öffnen',
      'Jetzt synchronisieren',
      'Beenden',
    ]);
    expect(labels().slice(1)).toEqual(['Open Tillsync', 'Resync now', 'Quit']);
    expect(
      trayMenu(undefined, { open: noop, resync: noop, quit: noop }, translator('fr-FR'))[0]!.label,
    ).toBe('Tillsync : démarrage');
  });
});
