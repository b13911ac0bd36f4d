import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, dayOf, dayRange, effectiveTimeZone } from '../../domain/time-zone.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The day's bounds as UTC timestamps and its length in hours. */
function bounds(day: string, zone: string) {
  const range = dayRange(day, zone)!;
  return { from: iso(range.from), to: iso(range.to), hours: (range.to - range.from) / HOUR };
}

describe('dayRange and dayOf', () => {
  it('gives Berlin a 23-hour day when clocks go forward and a 25-hour day when they go back', () => {
    expect(bounds('2026-03-29', 'Europe/Berlin')).toEqual({
      from: '2026-03-28T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
      hours: 23,
    });
    expect(bounds('2026-10-25', 'Europe/Berlin')).toEqual({
      from: '2026-10-24T22:00:00.000Z',
      to: '2026-10-25T23:00:00.000Z',
      hours: 25,
    });
    expect(bounds('2026-10-26', 'Europe/Berlin').hours).toBe(24);
  });

  it('puts both 02:30s of a fall-back night, and the hour either side, on the right day', () => {
    const { from, to } = dayRange('2026-10-25', 'Europe/Berlin')!;
    expect(dayOf(from - 1, 'Europe/Berlin')).toBe('2026-10-24');
    expect(dayOf(from, 'Europe/Berlin')).toBe('2026-10-25');
    // 02:30 summer time, then 02:30 winter time an hour later: the same day.
    expect(dayOf(Date.parse('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25');
    expect(dayOf(Date.parse('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25');
    expect(dayOf(to - 1, 'Europe/Berlin')).toBe('2026-10-25');
    expect(dayOf(to, 'Europe/Berlin')).toBe('2026-10-26');
  });

  it("follows New York's clock changes", () => {
    expect(bounds('2026-03-08', 'America/New_York')).toEqual({
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
      hours: 23,
    });
    expect(bounds('2026-11-01', 'America/New_York')).toEqual({
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-11-02T05:00:00.000Z',
      hours: 25,
    });
  });

  it('starts a day whose midnight is skipped at its first instant (01:00)', () => {
    // Chile goes from 00:00 straight to 01:00 on the first Sunday of September.
    expect(bounds('2026-09-06', 'America/Santiago')).toEqual({
      from: '2026-09-06T04:00:00.000Z',
      to: '2026-09-07T03:00:00.000Z',
      hours: 23,
    });
    const start = dayRange('2026-09-06', 'America/Santiago')!.from;
    expect(dayOf(start - 1, 'America/Santiago')).toBe('2026-09-05');
    expect(dayOf(start, 'America/Santiago')).toBe('2026-09-06');
    // Beirut skipped its midnight too, in 2010.
    expect(bounds('2010-03-28', 'Asia/Beirut')).toMatchObject({
      from: '2010-03-27T22:00:00.000Z',
      hours: 23,
    });
    // Samoa skipped a whole day: it has no instant at all.
    expect(bounds('2011-12-30', 'Pacific/Apia').hours).toBe(0);
  });

  it('keeps offsets that are not whole hours (Kolkata +5:30, Chatham +12:45)', () => {
    expect(bounds('2026-06-15', 'Asia/Kolkata')).toEqual({
      from: '2026-06-14T18:30:00.000Z',
      to: '2026-06-15T18:30:00.000Z',
      hours: 24,
    });
    expect(bounds('2026-06-15', 'Pacific/Chatham')).toEqual({
      from: '2026-06-14T11:15:00.000Z',
      to: '2026-06-15T11:15:00.000Z',
      hours: 24,
    });
    expect(dayOf(Date.parse('2026-06-14T11:14:59.999Z'), 'Pacific/Chatham')).toBe('2026-06-14');
    expect(dayOf(Date.parse('2026-06-14T11:15:00Z'), 'Pacific/Chatham')).toBe('2026-06-15');
  });

  it('crosses the new year into the right year', () => {
    expect(bounds('2026-12-31', 'Europe/Berlin')).toEqual({
      from: '2026-12-30T23:00:00.000Z',
      to: '2026-12-31T23:00:00.000Z',
      hours: 24,
    });
    expect(bounds('2027-01-01', 'America/New_York').from).toBe('2027-01-01T05:00:00.000Z');
    const newYear = Date.parse('2026-12-31T23:30:00Z');
    expect(dayOf(newYear, 'Europe/Berlin')).toBe('2027-01-01');
    expect(dayOf(newYear, 'UTC')).toBe('2026-12-31');
    expect(dayOf(newYear, 'America/New_York')).toBe('2026-12-31');
  });

  it('refuses dates that are not days', () => {
    for (const text of ['2026-02-30', '2026-13-01', 'today', '2026-1-5', ''])
      expect(dayRange(text, 'UTC')).toBeUndefined();
    expect(bounds('2028-02-29', 'UTC').hours).toBe(24);
  });
});

describe('the effective time zone', () => {
  it("is the setting, spelled the zone's way, or the system's when none is set", () => {
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('Mars/Olympus')).toBeUndefined();
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(effectiveTimeZone('Asia/Kolkata', 'UTC')).toBe('Asia/Kolkata');
    expect(effectiveTimeZone(null, 'America/New_York')).toBe('America/New_York');
  });
});
