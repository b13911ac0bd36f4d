import { describe, expect, it } from 'vitest';
import { FakePrinterDevice, withoutStatusQueries } from '../helpers/fake-printer-device.js';

// The fake printer the print tests rely on: it must answer a question however the bytes
// are split, and tell the paper's bytes from the questions.
describe('fake ESC/POS printer device', () => {
  it('answers a DLE EOT question split across chunks, once', () => {
    const device = new FakePrinterDevice();
    const connection = device.connect();
    expect([...connection.take(Uint8Array.of(0x41, 0x10)).answer]).toEqual([]);
    expect([...connection.take(Uint8Array.of(0x04)).answer]).toEqual([]);
    expect([...connection.take(Uint8Array.of(0x01, 0x42)).answer]).toEqual([0x16]);
    expect([...connection.take(Uint8Array.of(0x10, 0x04, 0x04, 0x10, 0x04, 0x02)).answer]).toEqual([
      0x12, 0x12,
    ]);
    expect(device.queries).toEqual(['printer', 'paper', 'offlineCause']);
    expect(connection.bytes().toString('latin1')).toBe('A\x10\x04\x01B\x10\x04\x04\x10\x04\x02');
    expect(device.printed().toString('latin1')).toBe('AB');
  });

  it('answers from the state it is given, or garbage, or nothing', () => {
    const device = new FakePrinterDevice();
    const connection = device.connect();
    device.status.paper = 'out';
    expect([...connection.take(Uint8Array.of(0x10, 0x04, 0x04)).answer]).toEqual([0x7e]);
    device.behaviour = 'garbage';
    expect([...connection.take(Uint8Array.of(0x10, 0x04, 0x01)).answer]).toEqual([0xff]);
    device.behaviour = 'silent';
    expect([...connection.take(Uint8Array.of(0x10, 0x04, 0x01)).answer]).toEqual([]);
  });

  it('keeps other DLE sequences as printed bytes, and says when to drop the line', () => {
    expect([...withoutStatusQueries(Uint8Array.of(0x10, 0x04, 0x03, 0x10, 0x14, 0x01))]).toEqual([
      0x10, 0x04, 0x03, 0x10, 0x14, 0x01,
    ]);
    const device = new FakePrinterDevice();
    device.behaviour = 'drop';
    device.dropAfterBytes = 5;
    const connection = device.connect();
    expect(connection.take(Buffer.alloc(4)).drop).toBe(false);
    expect(connection.take(Buffer.alloc(1)).drop).toBe(true);
  });
});
