/**
 * The messaging benchmark's relay, a process of its own (as a real relay is): a loopback SMTP server that
 * takes every message and counts it. Over IPC it first sends its port, then answers each `count` with the
 * number of messages taken so far.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** What the relay sends its parent: its port once, then a count per question. */
export type RelayMessage = { port: number } | { taken: number };

let taken = 0;
const server = new SMTPServer({
  authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'], logger: false, maxClients: 200,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      taken++;
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.server.address() as AddressInfo).port } satisfies RelayMessage));
process.on('message', (question: 'count') => {
  if (question === 'count') process.send!({ taken } satisfies RelayMessage);
});
process.on('disconnect', () => server.close(() => process.exit(0)));
