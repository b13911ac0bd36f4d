// Network receipt printers (tcp://HOST:9100, the "raw" or JetDirect port): a plain TCP
// connection, job bytes in, status answers out. A piece counts as taken when the socket
// wrote it to the network; a printer that stops reading fills the buffers and times out.
import { connect, type Socket } from 'node:net';
import type { PrinterAddress } from '../../domain/printer-address.js';
import type { LinkSettings, PrinterLink } from './printer-link.js';
import { printerProblem, type PrinterProblem } from './printer-problem.js';
import { streamLink } from './stream-link.js';

type TcpAddress = Extract<PrinterAddress, { kind: 'tcp' }>;

// The socket's error codes in a cashier's words, and which problem each is.
const SOCKET_ERRORS: Record<string, [PrinterProblem['code'], string]> = {
  ECONNREFUSED: ['refused', 'connection refused'],
  ECONNRESET: ['unreachable', 'the connection was cut'],
  EPIPE: ['unreachable', 'the connection was cut'],
  ETIMEDOUT: ['unreachable', 'no answer from the network'],
  EHOSTUNREACH: ['unreachable', 'no route to it on the network'],
  ENETUNREACH: ['unreachable', 'this computer is not on that network'],
  EHOSTDOWN: ['unreachable', 'it is off the network'],
  ENOTFOUND: ['unreachable', 'no computer has that name'],
  EAI_AGAIN: ['unreachable', 'its name could not be looked up'],
};

function socketProblem(address: TcpAddress, error: Error): PrinterProblem {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const [problem, words] = SOCKET_ERRORS[code] ?? ['unreachable', code || error.message];
  return printerProblem(problem, address, words, error);
}

function connectWithin(address: TcpAddress, settings: LinkSettings): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address.host, port: address.port });
    const fail = (problem: PrinterProblem) => {
      timer.cancel();
      socket.destroy();
      reject(problem);
    };
    const timer = settings.timers.after(
      settings.timeoutMs,
      () =>
        fail(printerProblem('unreachable', address, `no connection in ${settings.timeoutMs} ms`)),
      { background: true },
    );
    const onError = (error: Error) => fail(socketProblem(address, error));
    socket.once('error', onError);
    socket.once('connect', () => {
      timer.cancel();
      socket.off('error', onError);
      socket.setNoDelay(true);
      // A printer unplugged while idle is noticed by the next job, not kept as a live link.
      socket.setKeepAlive(true, 10_000);
      resolve(socket);
    });
  });
}

/** A connected link to a network printer; rejects with unreachable or refused. */
export async function openTcpPrinter(
  address: TcpAddress,
  settings: LinkSettings,
): Promise<PrinterLink> {
  const socket = await connectWithin(address, settings);
  const link = streamLink(
    address,
    {
      send: (chunk, done) => void socket.write(chunk, done),
      destroy: () =>
        new Promise<void>((resolve) => {
          if (socket.closed) return resolve();
          socket.once('close', () => resolve());
          socket.destroy();
        }),
    },
    settings,
    (error) => socketProblem(address, error),
  );
  socket.on('data', (chunk: Buffer) => link.received(chunk));
  socket.on('error', (error) => link.lost(socketProblem(address, error)));
  socket.on('close', () =>
    link.lost(printerProblem('unreachable', address, 'the printer closed the connection')),
  );
  return link;
}
