import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaEventBody } from '../../protocol/media/media-event.js';
import { createLogger } from '../../shared/log/log.js';
import type { Leg, LegContext } from '../../media/session/leg.js';
import { RtpPortPool } from '../../media/rtp/rtp-port-pool.js';
import { SipAgent, type SipInboundOffer } from '../../media/sip/sip-agent.js';
import { freeSipPort } from '../support/baresip.js';

// A caller made of a raw UDP socket on 127.0.0.2 (the stack takes URIs of its own address for itself), so
// the test decides when (and whether) the ACK of our 200 OK is sent; the leg's ticks are driven by the
// test (push), as the node's clock would drive them.
let agent: SipAgent;
let caller: Socket;
const received: string[] = [];
const waiters = new Set<() => void>();
const offers: SipInboundOffer[] = [];
let seq = 0;

beforeAll(async () => {
  caller = createSocket('udp4');
  caller.bind(0, '127.0.0.2');
  await once(caller, 'listening');
  caller.on('message', (b) => {
    received.push(b.toString('binary'));
    for (const w of [...waiters]) w();
  });
  agent = SipAgent.start(
    { listenAddress: '127.0.0.1', listenPort: await freeSipPort('127.0.0.1'), publicAddress: '127.0.0.1', trunk: { host: '127.0.0.2', port: 5060, transport: 'udp' }, credentials: null, allow: ['127.0.0.2'], rtpPorts: [0, 0] },
    new RtpPortPool('127.0.0.1', 0, 0),
    createLogger({ level: 'silent' }),
  );
  agent.inbound = { offered: (o) => offers.push(o), withdrawn: () => undefined };
});

afterEach((ctx) => {
  if (ctx.task.result?.state === 'fail') console.log(received.join('\n----\n'));
  received.length = 0;
});

afterAll(() => {
  agent.close();
  caller.close();
});

function send(text: string): Promise<void> {
  return new Promise((resolve, reject) => caller.send(Buffer.from(text, 'binary'), agent.settings.listenPort, '127.0.0.1', (err) => (err ? reject(err) : resolve())));
}

/** Resolves once `count` messages for `callId` starting with `start` have arrived. */
function arrived(callId: string, start: string, count = 1): Promise<string[]> {
  return new Promise((resolve) => {
    const check = (): void => {
      const found = received.filter((m) => m.startsWith(start) && m.includes(`Call-ID: ${callId}\r\n`));
      if (found.length < count) return;
      waiters.delete(check);
      resolve(found);
    };
    waiters.add(check);
    check();
  });
}

function request(method: string, callId: string, cseq: number, toTag = '', body = ''): string {
  const port = caller.address().port;
  return [
    `${method} sip:+4723456789@127.0.0.1:${agent.settings.listenPort} SIP/2.0`,
    `Via: SIP/2.0/UDP 127.0.0.2:${port};branch=z9hG4bK${callId}${method}${cseq};rport`,
    `From: <sip:+4799999999@127.0.0.2>;tag=caller${callId}`,
    `To: <sip:+4723456789@127.0.0.1>${toTag ? `;tag=${toTag}` : ''}`,
    `Call-ID: ${callId}`,
    `CSeq: ${cseq} ${method}`,
    `Contact: <sip:caller@127.0.0.2:${port}>`,
    'Max-Forwards: 70',
    ...(body ? ['Content-Type: application/sdp'] : []),
    `Content-Length: ${Buffer.byteLength(body, 'binary')}`,
    '',
    body,
  ].join('\r\n');
}

const SDP = 'v=0\r\no=caller 1 1 IN IP4 127.0.0.2\r\ns=-\r\nc=IN IP4 127.0.0.2\r\nt=0 0\r\nm=audio 40000 RTP/AVP 0 101\r\na=rtpmap:0 PCMU/8000\r\na=rtpmap:101 telephone-event/8000\r\n';

/** An inbound call answered with a leg; returns the leg, its events, why it ended, and our tag. */
async function answered(): Promise<{ callId: string; leg: Leg; tag: string; ended: string[]; events: MediaEventBody[] }> {
  const callId = `ack${++seq}`;
  const before = offers.length;
  await send(request('INVITE', callId, 1, '', SDP));
  await arrived(callId, 'SIP/2.0 180');
  expect(offers.length).toBe(before + 1);
  const ended: string[] = [];
  const events: MediaEventBody[] = [];
  const ctx: LegContext = { callId, report: (e) => events.push(e), ended: (r) => ended.push(r) };
  const leg = await agent.answerInbound(offers.at(-1)!.id, 'caller', ctx);
  const [ok] = await arrived(callId, 'SIP/2.0 200');
  const tag = /\r\nTo:[^\r]*;tag=([^;\r]+)/i.exec(ok!)![1]!;
  return { callId, leg, tag, ended, events };
}

function ticks(leg: Leg, n: number): void {
  for (let i = 0; i < n; i++) (leg as { push(f: Uint8Array): void }).push(new Uint8Array(160).fill(0xff));
}

describe('our 200 OK to an inbound INVITE', () => {
  it('is repeated at 500 ms, 1 s, 2 s … (in ticks) until the ACK, then no more', async () => {
    const { callId, leg, tag } = await answered();
    ticks(leg, 25); // 500 ms: the first repeat
    await arrived(callId, 'SIP/2.0 200', 2);
    ticks(leg, 50); // 1 s later: the second
    await arrived(callId, 'SIP/2.0 200', 3);
    await send(request('ACK', callId, 1, tag));
    // An OPTIONS answered after the ACK shows the ACK was handled (loopback keeps order).
    await send(request('OPTIONS', `${callId}-probe`, 1));
    await arrived(`${callId}-probe`, 'SIP/2.0 200');
    ticks(leg, 400);
    await send(request('OPTIONS', `${callId}-probe2`, 1));
    await arrived(`${callId}-probe2`, 'SIP/2.0 200');
    expect(received.filter((m) => m.startsWith('SIP/2.0 200') && m.includes(`Call-ID: ${callId}\r\n`))).toHaveLength(3);
    leg.close('hangup');
    await arrived(callId, 'BYE ');
  });

  it('without an ACK within 32 s ends the call with BYE, reported as the far end gone', async () => {
    const { callId, leg, ended } = await answered();
    ticks(leg, 64 * 25);
    await arrived(callId, 'BYE ');
    expect(ended).toEqual(['no ACK']);
    // Repeats at 0.5, 1.5, 3.5, 7.5, then every 4 s up to 32 s: 1 + 4 + 6 answers in all.
    expect(received.filter((m) => m.startsWith('SIP/2.0 200') && m.includes(`Call-ID: ${callId}\r\n`))).toHaveLength(11);
  });

  it('a re-INVITE (hold) in the dialog is answered 200 with our SDP and repeated until its ACK', async () => {
    const { callId, leg, tag } = await answered();
    await send(request('ACK', callId, 1, tag));
    await send(request('INVITE', callId, 2, tag, SDP.replace('telephone-event/8000\r\n', 'telephone-event/8000\r\na=sendonly\r\n')));
    const [, reinvite] = await arrived(callId, 'SIP/2.0 200', 2);
    expect(reinvite).toContain('a=recvonly');
    ticks(leg, 25);
    await arrived(callId, 'SIP/2.0 200', 3);
    await send(request('ACK', callId, 2, tag));
    leg.close('hangup');
    await arrived(callId, 'BYE ');
  });
});
