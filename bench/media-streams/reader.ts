/**
 * What reading one customer message costs, fast path against the strict one, in a tight loop on this
 * process (JSON.parse included, the socket and ws framing not): an ordinary media message of 20 ms
 * (160 bytes, Pipecat's frame) and of 200 ms (the bursty bot's chunk), Python's `json.dumps` spacing, and a
 * mark. Rounds alternate the two readers; the least time per message of the rounds is reported.
 *
 *   node --import tsx bench/media-streams/reader.ts [rounds=7] [messages=200000]
 */
import { readCustomerMessage, readCustomerMessageStrictly } from '../../media/stream/customer-message-reader.js';
import { machine } from '../media-tick/machine.js';

const rounds = Number(process.argv[2] ?? 7);
const count = Number(process.argv[3] ?? 200_000);
const sid = 'str_0123456789abcdefghij';
const payload = (bytes: number): string => Buffer.from(Array.from({ length: bytes }, (_, i) => (i * 37) & 0xff)).toString('base64');
const messages: Record<string, Buffer> = {
  'media 20 ms': Buffer.from(JSON.stringify({ event: 'media', streamSid: sid, media: { payload: payload(160) } })),
  'media 200 ms': Buffer.from(JSON.stringify({ event: 'media', streamSid: sid, media: { payload: payload(1600) } })),
  'media 20 ms, spaced': Buffer.from(`{"event": "media", "streamSid": "${sid}", "media": {"payload": "${payload(160)}"}}`),
  mark: Buffer.from(JSON.stringify({ event: 'mark', streamSid: sid, mark: { name: 'utterance-1' } })),
};
const readers = { strict: readCustomerMessageStrictly, fast: readCustomerMessage };

const best: Record<string, Record<string, number>> = {};
let sink = 0;
for (let r = 0; r < rounds; r++) {
  for (const [what, data] of Object.entries(messages)) {
    for (const [name, read] of Object.entries(readers)) {
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < count; i++) sink += read(data, false, sid).kind.length;
      const us = Number(process.hrtime.bigint() - t0) / 1000 / count;
      best[what] ??= {};
      best[what][name] = Math.min(best[what][name] ?? Infinity, Math.round(us * 1000) / 1000);
    }
  }
}
console.log(JSON.stringify({ bench: 'media-streams reader', command: `reader.ts ${rounds} ${count}`, machine: machine(), microsecondsPerMessage: best, sink: sink > 0 }, null, 2));
