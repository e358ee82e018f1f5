import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLogger } from '../../shared/log/log.js';
import { RtpPortPool } from '../../media/rtp/rtp-port-pool.js';
import { allowed } from '../../media/sip/sip-config.js';
import { SipAgent } from '../../media/sip/sip-agent.js';
import { freeSipPort } from '../support/baresip.js';

let agent: SipAgent;
let port: number;
let peer: Socket;
const replies: string[] = [];
const waiters: (() => void)[] = [];

function options(callId: string, from = '127.0.0.1'): string {
  return [
    `OPTIONS sip:sentral@127.0.0.1:${port} SIP/2.0`,
    `Via: SIP/2.0/UDP ${from}:${peer.address().port};branch=z9hG4bK${callId};rport`,
    `From: <sip:probe@${from}>;tag=${callId}`,
    `To: <sip:sentral@127.0.0.1>`,
    `Call-ID: ${callId}`,
    'CSeq: 1 OPTIONS',
    'Max-Forwards: 70',
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
}

function send(text: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => peer.send(typeof text === 'string' ? Buffer.from(text, 'binary') : text, port, '127.0.0.1', (err) => (err ? reject(err) : resolve())));
}

/** Sends OPTIONS and resolves with the status line answering it. */
async function ping(callId: string): Promise<string> {
  const reply = new Promise<string>((resolve) => {
    const check = (): void => {
      const found = replies.find((r) => r.includes(`Call-ID: ${callId}`));
      if (found) resolve(found.split('\r\n')[0]!);
      else waiters.push(check);
    };
    check();
  });
  await send(options(callId));
  return reply;
}

async function startAgent(allow: string[]): Promise<void> {
  agent?.close();
  port = await freeSipPort('127.0.0.1');
  agent = SipAgent.start(
    { listenAddress: '127.0.0.1', listenPort: port, publicAddress: '127.0.0.1', trunk: { host: '127.0.0.2', port: 5060, transport: 'udp' }, credentials: null, allow, rtpPorts: [0, 0] },
    new RtpPortPool('127.0.0.1', 0, 0),
    createLogger({ level: 'silent' }),
  );
}

beforeAll(async () => {
  peer = createSocket('udp4');
  peer.bind(0, '127.0.0.1');
  await once(peer, 'listening');
  peer.on('message', (b) => {
    replies.push(b.toString('binary'));
    for (const w of waiters.splice(0)) w();
  });
});

afterAll(() => {
  agent?.close();
  peer.close();
});

describe('SIP agent under hostile input', () => {
  it('answers 403 to SIP from an address not on the allow-list', async () => {
    await startAgent(['127.0.0.2']);
    expect(await ping('refused-1')).toBe('SIP/2.0 403 Forbidden');
    expect(agent.stats.refused).toBe(1);
  });

  it('keeps answering after thousands of mutated and random datagrams from an allowed peer', async () => {
    await startAgent(['127.0.0.1']);
    expect(await ping('alive-0')).toBe('SIP/2.0 200 OK');
    const base = Buffer.from(options('fuzz').replace('OPTIONS sip', 'INVITE sip').replace('CSeq: 1 OPTIONS', 'CSeq: 1 INVITE'), 'binary');
    const mutated = fc.sample(
      fc.oneof(
        fc.uint8Array({ minLength: 1, maxLength: 1400 }),
        fc.array(fc.tuple(fc.nat(base.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 12 }).map((edits) => {
          const b = Buffer.from(base);
          for (const [at, v] of edits) b[at] = v;
          return b;
        }),
        fc.tuple(fc.nat(base.length - 1), fc.constantFrom(':', ';', '<', '>', '"', ',', '=', '\r\n', '@', 'Content-Length: 99999\r\n', 'Via: \r\n', 'CSeq: x\r\n')).map(([at, s]) =>
          Buffer.concat([base.subarray(0, at), Buffer.from(s, 'binary'), base.subarray(at)]),
        ),
      ),
      { numRuns: 2000, seed: 1403 },
    );
    for (let i = 0; i < mutated.length; i += 50) {
      for (const m of mutated.slice(i, i + 50)) await send(m);
      // Loopback keeps order: the answer to this ping means every datagram before it was handled.
      expect(await ping(`alive-${i + 1}`)).toBe('SIP/2.0 200 OK');
    }
  });
});

describe('SIP allow-list', () => {
  it('matches addresses and IPv4 CIDR blocks, including IPv4-mapped IPv6', () => {
    expect(allowed('192.0.2.7', ['192.0.2.0/24'])).toBe(true);
    expect(allowed('::ffff:192.0.2.7', ['192.0.2.7'])).toBe(true);
    expect(allowed('192.0.3.7', ['192.0.2.0/24'])).toBe(false);
    expect(allowed('198.51.100.1', [])).toBe(false);
  });
});
