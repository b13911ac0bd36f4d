// A printer address is one of three forms; anything else is refused naming the part at fault.
import { describe, expect, it } from 'vitest';
import { translator } from '../../domain/i18n/messages.js';
import { parsePrinterAddress, printerAddressText } from '../../domain/printer-address.js';

describe('printer addresses', () => {
  it.each([
    ['tcp://192.168.1.50:9100', { kind: 'tcp', host: '192.168.1.50', port: 9100 }],
    ['TCP://printer.shop.lan', { kind: 'tcp', host: 'printer.shop.lan', port: 9100 }],
    ['tcp://[fe80::1]:9101', { kind: 'tcp', host: 'fe80::1', port: 9101 }],
    ['serial:///dev/ttyUSB0', { kind: 'serial', path: '/dev/ttyUSB0', baudRate: 9600 }],
    [
      'serial:///dev/ttyACM0?baud=115200',
      { kind: 'serial', path: '/dev/ttyACM0', baudRate: 115200 },
    ],
    ['serial://COM3?baud=19200', { kind: 'serial', path: 'COM3', baudRate: 19200 }],
    ['system://Receipts_80', { kind: 'system', queue: 'Receipts_80' }],
  ])('reads %s', (text, address) => {
    const parsed = parsePrinterAddress(text);
    expect(parsed).toEqual({ ok: true, value: address });
    // Written back, it reads the same again.
    expect(
      parsePrinterAddress(printerAddressText(parsed.ok ? parsed.value : (address as never))),
    ).toEqual(parsed);
  });

  it.each([
    ['192.168.1.50', 'is not one of tcp://HOST:9100'],
    ['http://192.168.1.50:9100', 'is not one of tcp://HOST:9100'],
    ['tcp://', 'must be tcp:// then a host name or IP address'],
    ['tcp://printer:70000', 'has a port outside 1 to 65535'],
    ['tcp://printer:9100/path', 'must be tcp:// then a host name or IP address'],
    ['serial://ttyUSB0', 'must name the port'],
    [
      'serial:///dev/ttyUSB0?baud=9601',
      'has baud 9601; use one of 2400, 4800, 9600, 19200, 38400, 57600, 115200',
    ],
    ['serial:///dev/ttyUSB0?speed=9600', 'has "speed", which is not baud'],
    ['system://', 'must name the print queue after system://'],
  ])('refuses %s, saying why', (text, why) => {
    const parsed = parsePrinterAddress(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('invalid_printer');
      expect(parsed.error.message).toContain(`"${text}" ${why}`);
    }
  });

  it("says a bad address in the till's language from its key, its English kept", () => {
    const parsed = parsePrinterAddress('serial:///dev/ttyUSB0?baud=9601');
    if (parsed.ok) throw new Error('baud 9601 is no baud rate');
    expect(parsed.error.message).toBe(
      'The printer address "serial:///dev/ttyUSB0?baud=9601" has baud 9601; use one of 2400, 4800, 9600, 19200, 38400, 57600, 115200.',
    );
    expect(translator('de-DE').say(parsed.error)).toBe(
      'Die Druckeradresse „serial:///dev/ttyUSB0?baud=9601“ hat baud 9601; verwenden Sie einen der Werte 2400, 4800, 9600, 19200, 38400, 57600, 115200.',
    );
    expect(translator('fr-FR').say(parsed.error)).toContain("L'adresse d'imprimante « serial:");
  });
});
