// A fake ESC/POS network printer: a real TCP server on 127.0.0.1 (port 0) that keeps every
// byte per connection, answers DLE EOT status questions in real time from a state the test
// sets, and can refuse connections, stall mid-job, drop the line or answer garbage.
// fakeSerialPrinter (fake-serial-printer.ts) is the same printer behind a pseudo-terminal.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach } from 'vitest';
import type { PrinterAddress } from '../../domain/printer-address.js';
import type { PrinterStatus } from '../../domain/printer-status.js';
import { FakePrinterDevice, type FakeBehaviour } from './fake-printer-device.js';

export { READY, withoutStatusQueries, type FakeBehaviour } from './fake-printer-device.js';

const open: Array<() => Promise<void>> = [];
// In a test, every printer goes after each test; a benchmark closes its own.
if (process.env.VITEST)
  afterEach(async () => {
    await Promise.all(open.splice(0).map((close) => close()));
  });

export interface FakePrinter {
  address: Extract<PrinterAddress, { kind: 'tcp' }>;
  /** tcp://127.0.0.1:PORT */
  text: string;
  device: FakePrinterDevice;
  /** Sets what the next status answers say. */
  setStatus(patch: Partial<PrinterStatus>): void;
  /** Changes behaviour now, for open connections too; refuse stops listening (same port). */
  behave(behaviour: FakeBehaviour, options?: { dropAfterBytes?: number }): Promise<void>;
  /** Every byte each connection sent, one Buffer per connection. */
  connections(): Buffer[];
  /** Every byte of every connection, in order. */
  received(): Buffer;
  /** Every byte but the status questions. */
  printed(): Buffer;
  /** Connections open now. */
  openConnections(): number;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as { port: number }).port);
    });
  });
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

export async function fakePrinter(
  options: { behaviour?: FakeBehaviour; status?: Partial<PrinterStatus> } = {},
): Promise<FakePrinter> {
  const device = new FakePrinterDevice();
  Object.assign(device.status, options.status);
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined); // the client may cut it too
    const connection = device.connect();
    if (device.behaviour === 'stall') socket.pause();
    socket.on('data', (chunk: Buffer) => {
      const { answer, drop } = connection.take(chunk);
      if (drop) return void socket.resetAndDestroy();
      if (answer.length > 0) socket.write(answer);
    });
  });
  // A stall stops reading (the client's writes back up); anything else reads again.
  const applyToSockets = () => {
    for (const socket of sockets) {
      if (device.behaviour === 'stall') socket.pause();
      else socket.resume();
    }
  };
  const port = await listen(server, 0);
  const text = `tcp://127.0.0.1:${port}`;

  const printer: FakePrinter = {
    address: { kind: 'tcp', host: '127.0.0.1', port },
    text,
    device,
    setStatus: (patch) => void Object.assign(device.status, patch),
    async behave(behaviour, { dropAfterBytes } = {}) {
      device.behaviour = behaviour;
      if (dropAfterBytes !== undefined) device.dropAfterBytes = dropAfterBytes;
      if (behaviour === 'refuse') {
        for (const socket of sockets) socket.destroy();
        await closeServer(server);
      } else if (!server.listening) {
        await listen(server, port);
      }
      applyToSockets();
    },
    connections: () => device.connections.map((connection) => connection.bytes()),
    received: () => device.received(),
    printed: () => device.printed(),
    openConnections: () => sockets.size,
    async close() {
      for (const socket of sockets) socket.destroy();
      await closeServer(server);
    },
  };
  if (options.behaviour) await printer.behave(options.behaviour);
  open.push(() => printer.close());
  return printer;
}
