import dgram, { type Socket } from 'node:dgram';
import * as sip from 'sip';
import type { Remote, SipMessage, Stack, StackOptions } from 'sip';
import type { Logger } from '../../shared/log/log.js';

/**
 * Creates the `sip` package's stack with its UDP socket made safe for a long-running node. The package
 * sends on its socket without a callback and adds no error listener, so a send the system refuses (no
 * route to a far address) would be an unhandled 'error' event, and a retransmission timer firing after
 * the stack is destroyed would throw from a closed socket. The socket is captured as the stack creates it
 * (the package calls dgram.createSocket synchronously inside create), gets an error listener, and ignores
 * sends once closed.
 */
export function createSipStack(options: StackOptions, onRequest: (rq: SipMessage, remote: Remote) => void, log: Logger): Stack {
  const original = dgram.createSocket;
  const sockets: Socket[] = [];
  dgram.createSocket = ((...args: Parameters<typeof dgram.createSocket>) => {
    const socket = original.apply(dgram, args);
    sockets.push(socket);
    return socket;
  }) as typeof dgram.createSocket;
  let stack: Stack;
  try {
    stack = sip.create(options, onRequest);
  } finally {
    dgram.createSocket = original;
  }
  for (const socket of sockets) {
    let closed = false;
    socket.on('error', (err) => log.warn({ err }, 'sip socket error'));
    socket.on('close', () => (closed = true));
    const send = socket.send.bind(socket) as (...a: unknown[]) => void;
    socket.send = ((...args: unknown[]) => {
      if (closed) return;
      const last = args[args.length - 1];
      // Send errors are logged through a callback rather than emitted on the socket.
      if (typeof last !== 'function') args.push((err: Error | null) => err && log.debug({ err }, 'sip datagram not sent'));
      try {
        send(...args);
      } catch (err) {
        log.debug({ err }, 'sip datagram not sent');
      }
    }) as Socket['send'];
  }
  return stack;
}
