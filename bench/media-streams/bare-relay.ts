/**
 * The baseline of the media-streams bench, in its own process (forked by run.ts with IPC): the least a
 * process must do to carry N bidirectional streams. It dials the same customer servers and sends a
 * precomputed `start`; it reads every message the bot sends as the node does (JSON, base64 audio into a
 * per-stream queue of 20 ms frames, marks kept in place and echoed once their audio has been played (at the
 * next tick after the frame that held their last audio was sent, as the node and Twilio do), `clear`
 * empties the queue), and on every tick of the same deadline clock (a TickClock) sends each socket one media
 * message holding the bot's own audio back (or silence), with the node's send-buffer bound. No mixing, codec,
 * playout bounds or validation beyond that.
 */
import WebSocket from 'ws';
import { TickProbe } from '../media-tick/tick-probe.js';
import { answerRunner, MAX_BUFFERED, openingMessages, receive, relayStream, sendTick, type RelayStream } from './relay-stream.js';

interface Relayed extends RelayStream {
  ws: WebSocket;
}

const probe = new TickProbe();
const sockets: Relayed[] = [];
let tick = 0;
probe.start(() => {
  const timestamp = String(tick++ * 20);
  for (const s of sockets) {
    if (s.ws.readyState !== WebSocket.OPEN || s.ws.bufferedAmount > MAX_BUFFERED) continue;
    sendTick(s, timestamp, sendText);
  }
});

function sendText(s: Relayed, text: string): void {
  s.ws.send(text);
}

function dial(url: string, index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const sid = `str_relay${index}`;
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => {
      for (const text of openingMessages(sid)) ws.send(text);
      const relayed: Relayed = { ws, ...relayStream(sid) };
      ws.on('message', (data: Buffer) => receive(relayed, data));
      sockets.push(relayed);
      resolve();
    });
    ws.once('error', reject);
  });
}

answerRunner(probe, () => sockets.length, dial);
