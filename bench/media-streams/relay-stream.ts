/**
 * What both bare relays (bare-relay.ts on `ws`, raw-relay.ts on `net.Socket`) do for a stream, apart from
 * how they write a frame: queue the bot's audio and marks, send one media message a tick (marks echoed once
 * the frame that held their last audio has played), and answer run.ts's commands.
 */
import { MULAW_SILENCE } from '../../shared/audio/g711.js';
import type { TickProbe } from '../media-tick/tick-probe.js';
import type { SenderCommand, SenderReply } from './sender-messages.js';
import { SenderWindow } from './sender-window.js';

/** The same send-buffer bound as the node's stream client: beyond it a frame is dropped, not queued. */
export const MAX_BUFFERED = 64 * 1024;
const FRAME = 160;
const silence = Buffer.alloc(FRAME, MULAW_SILENCE).toString('base64');

/** One relayed stream's audio state. */
export interface RelayStream {
  sid: string;
  sequence: number;
  chunk: number;
  /** Queued audio and marks, in order. */
  queue: (Buffer | string)[];
  /** Bytes of the head buffer already sent. */
  offset: number;
  /** Marks whose last audio left on the previous tick: echoed on this one, once that frame has played. */
  due: string[];
}

/** A fresh stream's state after its `start` (sequence 1). */
export function relayStream(sid: string): RelayStream {
  return { sid, sequence: 1, chunk: 0, queue: [], offset: 0, due: [] };
}

/** The `connected` and `start` messages a relay sends first. */
export function openingMessages(sid: string): string[] {
  return [
    JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }),
    JSON.stringify({ event: 'start', sequenceNumber: '1', streamSid: sid, start: { streamSid: sid, tracks: ['inbound'], mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 } } }),
  ];
}

/** Sends a tick's messages for `s` with `send` (module-level: no closure a stream and tick): the marks now due, then one media message of the bot's audio or silence. */
export function sendTick<S extends RelayStream>(s: S, timestamp: string, send: (s: S, text: string) => void): void {
  if (s.due.length > 0) {
    for (const name of s.due) send(s, `{"event":"mark","sequenceNumber":"${++s.sequence}","streamSid":"${s.sid}","mark":{"name":${JSON.stringify(name)}}}`);
    s.due.length = 0;
  }
  const payload = nextFrame(s);
  const n = ++s.sequence;
  send(s, `{"event":"media","sequenceNumber":"${n}","streamSid":"${s.sid}","media":{"track":"inbound","chunk":"${++s.chunk}","timestamp":"${timestamp}","payload":"${payload}"}}`);
  // Marks whose audio has now been sent: due once it has played.
  while (typeof s.queue[0] === 'string') s.due.push(s.queue.shift() as string);
}

// The next 20 ms of the bot's audio as base64, or silence.
function nextFrame(s: RelayStream): string {
  const head = s.queue[0];
  if (head === undefined || typeof head === 'string') return silence;
  if (head.length - s.offset >= FRAME) {
    const frame = head.subarray(s.offset, s.offset + FRAME);
    s.offset += FRAME;
    if (s.offset === head.length) {
      s.queue.shift();
      s.offset = 0;
    }
    return frame.toString('base64');
  }
  const frame = Buffer.alloc(FRAME, MULAW_SILENCE);
  head.copy(frame, 0, s.offset);
  s.queue.shift();
  s.offset = 0;
  return frame.toString('base64');
}

/** Takes one message from the bot: audio and marks queued in order, `clear` empties the queue and makes its marks due. */
export function receive(s: RelayStream, data: Buffer): void {
  const m = JSON.parse(data.toString()) as { event: string; media?: { payload: string }; mark?: { name: string } };
  if (m.event === 'media' && m.media) s.queue.push(Buffer.from(m.media.payload, 'base64'));
  else if (m.event === 'mark' && m.mark) s.queue.push(m.mark.name);
  else if (m.event === 'clear') {
    const marks = s.queue.filter((e): e is string => typeof e === 'string');
    s.due.push(...marks);
    s.queue = [];
    s.offset = 0;
  }
}

/** Answers run.ts over IPC: opens streams with `dial` up to the count asked, resets and reports the window. */
export function answerRunner(probe: TickProbe, streams: () => number, dial: (url: string, index: number) => Promise<void>): void {
  const window = new SenderWindow(probe);
  const reply = (r: SenderReply): void => void process.send!(r);
  process.on('disconnect', () => process.exit(0));
  process.on('message', (command: SenderCommand) => {
    switch (command.type) {
      case 'open': {
        const from = streams();
        void Promise.all(Array.from({ length: command.count - from }, (_, i) => dial(command.url, from + i))).then(() => reply({ type: 'opened' }));
        break;
      }
      case 'reset':
        void window.reset(command.allocation).then(() => reply({ type: 'ok' }));
        break;
      case 'report':
        void window.report(streams()).then((report) => reply({ type: 'report', ...report }));
        break;
    }
  });
}
