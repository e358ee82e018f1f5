/**
 * A voice bot on the stream protocol: sentral streams the call's audio to this WebSocket server (Twilio
 * Media Streams messages, mu-law 8 kHz) and plays what it sends back. It greets the caller with espeak-ng
 * speech, marks the end of each utterance (`mark`, echoed once played), and stops talking when the caller
 * talks over it (barge-in: `clear` empties what is still queued). When the caller has spoken and gone
 * quiet for a second, it answers.
 *
 *   SENTRAL_API_URL=http://127.0.0.1:8080 SENTRAL_KEY=sk_live_… node --import tsx examples/voice-bot.ts
 *
 * On start it listens (BOT_PORT, default 9100; 0 picks a free port) and registers itself as an endpoint
 * (or set SENTRAL_ENDPOINT_SECRET to the secret of one registered already). Then start a call with
 * `"stream": {"endpointId": "ep_…"}` (examples/outbound-call.ts --endpoint ep_…). Needs espeak-ng and sox.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import alawmulaw from 'alawmulaw';
import { WebSocketServer, type WebSocket } from 'ws';
import { assertStartMatches, createSentralClient, verifyStreamUpgrade } from '@sentral/client';

const GREETING = 'Hello, this is the sentral example bot. I will keep talking until you say something, so please interrupt me whenever you like.';
const REPLY = 'Thank you. I heard you.';
/** RMS (PCM16) above which an inbound 20 ms frame counts as speech, and frames in a row that make barge-in. */
const SPEECH_RMS = 600;
const BARGE_IN_FRAMES = 3;
const QUIET_FRAMES_BEFORE_REPLY = 50;

/** espeak-ng speech as mu-law 8 kHz bytes (sox converts). */
function speak(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const espeak = spawn('espeak-ng', ['--stdout', '-v', 'en-gb', text]);
    const sox = spawn('sox', ['-t', 'wav', '-', '-r', '8000', '-c', '1', '-e', 'mu-law', '-t', 'raw', '-']);
    espeak.stdout.pipe(sox.stdin);
    const chunks: Buffer[] = [];
    sox.stdout.on('data', (c: Buffer) => chunks.push(c));
    sox.on('error', reject);
    espeak.on('error', reject);
    sox.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`sox exited ${code}`))));
  });
}

function rms(mulaw: Buffer): number {
  const pcm = alawmulaw.mulaw.decode(mulaw);
  let sum = 0;
  for (const s of pcm) sum += s * s;
  return Math.sqrt(sum / pcm.length);
}

const log = (text: string): void => void process.stdout.write(`bot: ${text}\n`);

/** One call's conversation. */
class Conversation {
  private speaking: string | null = null;
  private loudFrames = 0;
  private quietFrames = 0;
  private heardSpeech = false;
  private utterance = 0;

  constructor(private readonly socket: WebSocket, private readonly streamSid: string) {}

  async say(text: string, name: string): Promise<void> {
    const audio = await speak(text);
    this.speaking = `${name}-${++this.utterance}`;
    log(`say ${name} (${(audio.length / 8000).toFixed(1)} s)`);
    // Messages up to 64 KiB: one second of audio each.
    for (let at = 0; at < audio.length; at += 8000) {
      this.send({ event: 'media', streamSid: this.streamSid, media: { payload: audio.subarray(at, at + 8000).toString('base64') } });
    }
    this.send({ event: 'mark', streamSid: this.streamSid, mark: { name: this.speaking } });
  }

  /** An inbound 20 ms frame of the call. */
  heard(frame: Buffer): void {
    const loud = rms(frame) > SPEECH_RMS;
    this.loudFrames = loud ? this.loudFrames + 1 : 0;
    this.quietFrames = loud ? 0 : this.quietFrames + 1;
    if (this.loudFrames >= BARGE_IN_FRAMES) {
      this.heardSpeech = true;
      if (this.speaking) {
        log(`barge-in during ${this.speaking}: clear`);
        this.send({ event: 'clear', streamSid: this.streamSid });
      }
    }
    if (this.heardSpeech && !this.speaking && this.quietFrames === QUIET_FRAMES_BEFORE_REPLY) {
      this.heardSpeech = false;
      void this.say(REPLY, 'reply');
    }
  }

  /** A mark came back: the audio before it has been played (or cleared). */
  marked(name: string): void {
    log(`mark ${name}`);
    if (name === this.speaking) this.speaking = null;
  }

  private send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }
}

async function main(): Promise<void> {
  const server = createServer((_req, res) => res.writeHead(426).end('WebSocket only\n'));
  const wss = new WebSocketServer({ noServer: true });
  await new Promise<void>((resolve) => server.listen(Number(process.env.BOT_PORT ?? 9100), '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  let secret = process.env.SENTRAL_ENDPOINT_SECRET;
  if (!secret) {
    const sentral = createSentralClient({ baseUrl: process.env.SENTRAL_API_URL ?? 'http://127.0.0.1:8080', apiKey: process.env.SENTRAL_KEY ?? '' });
    const { data, error } = await sentral.POST('/v1/webhook-endpoints', { body: { url, events: ['call.ended'], description: 'example voice bot' } });
    if (!data) throw new Error(`could not register the bot: ${JSON.stringify(error)}`);
    secret = data.secret!;
    log(`endpoint ${data.id}`);
  }
  server.on('upgrade', (req, socket, head) => {
    let streamId: string;
    try {
      ({ streamId } = verifyStreamUpgrade(req.headers, { url, secret: secret! }));
    } catch (err) {
      log(`refused an upgrade: ${(err as Error).message}`);
      socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      let conversation: Conversation | null = null;
      ws.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { event: string; media?: { payload: string }; mark?: { name: string }; stop?: { reason: string } };
        if (message.event === 'start') {
          assertStartMatches(message, streamId);
          log(`start ${streamId}`);
          conversation = new Conversation(ws, streamId);
          void conversation.say(GREETING, 'greeting');
        } else if (message.event === 'media' && conversation) {
          conversation.heard(Buffer.from(message.media!.payload, 'base64'));
        } else if (message.event === 'mark' && conversation) {
          conversation.marked(message.mark!.name);
        } else if (message.event === 'stop') {
          log(`stop ${message.stop?.reason ?? ''}`);
        }
      });
    });
  });
  log(`listening on ${url}`);
  const stop = (): void => {
    wss.close();
    server.close(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
