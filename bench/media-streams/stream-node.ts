/**
 * The media node of the media-streams bench, in its own process (forked by run.ts with IPC): the real node
 * (BenchNode: startMediaNode, real tick) with N sessions, each an echo sim phone (…008) and a stream leg to
 * the customer servers, so every tick decodes the bot's audio from the playout queue, mixes it to the phone,
 * mixes the phone's echo back, and encodes and sends it as a Twilio media message. With `rooms`, every session
 * also has an app room participant (16 kHz PCM over the room endpoint, its client in another process), so
 * every session is a three-leg mix at 16 kHz.
 */
import { generateSecret } from '../../shared/signing/standard-webhooks.js';
import { BenchNode } from '../media-mix/bench-node.js';
import type { SenderCommand, SenderReply } from './sender-messages.js';
import { SenderWindow } from './sender-window.js';

const bench = await new BenchNode().start();
const window = new SenderWindow(bench.probe);
const secret = generateSecret();
let streams = 0;

const reply = (r: SenderReply): void => void process.send!(r);
process.on('disconnect', () => process.exit(0));
process.on('message', (command: SenderCommand) => {
  switch (command.type) {
    case 'open':
      void open(command.count, command.url, command.rooms ?? false).then((roomUrls) => reply({ type: 'opened', roomUrls }));
      break;
    case 'reset':
      void window.reset(command.allocation).then(() => reply({ type: 'ok' }));
      break;
    case 'report':
      void window.report(streams).then((report) => reply({ type: 'report', ...report }));
      break;
  }
});

async function open(count: number, url: string, rooms: boolean): Promise<string[]> {
  const roomUrls: string[] = [];
  for (; streams < count; streams++) {
    const callId = `call_str${streams}`;
    await bench.op({ op: 'openSession', callId });
    await bench.op({ op: 'addLeg', callId, legId: 'part_phone', kind: 'phone', phone: { to: '+442079460008' } });
    const stream = {
      streamId: `str_bench${streams}`,
      url,
      secrets: [secret],
      accountSid: 'co_bench',
      from: '+442079460008',
      to: null,
      customParameters: {},
      audio: 'talk',
      maxMinutes: 60,
      reconnect: false,
      test: false,
    };
    await bench.op({ op: 'addLeg', callId, legId: 'part_stream', kind: 'stream', stream });
    if (rooms) {
      await bench.op({ op: 'addLeg', callId, legId: 'part_app', kind: 'room', room: { participantKind: 'app' } });
      roomUrls.push(await bench.roomUrl(callId, 'part_app', 'app'));
    }
  }
  return roomUrls;
}
