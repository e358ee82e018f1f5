import type { KeyObject } from 'node:crypto';
import { Value } from 'typebox/value';
import {
  SESSION_CLOSE,
  SessionClientMessage,
  type SessionServerMessage,
  type SessionSettleRequest,
  type SessionTokenClaims,
} from '../../protocol/transcription/transcription-session.js';
import { decodeMulaw } from '../../shared/audio/g711.js';
import { Upsampler8to16 } from '../../shared/audio/resample.js';
import type { Clock, Timer } from '../../shared/clock/clock.js';
import { errorCatalogue, type ErrorCode } from '../../shared/errors/catalogue.js';
import type { Logger } from '../../shared/log/log.js';
import { verifySessionToken } from '../../shared/signing/session-token.js';
import { SocketAdmission, type Admission } from '../server/socket-admission.js';
import { upgradeWithToken, type HttpRequest, type HttpResponse, type SocketContext, type TemplatedApp, type WebSocket } from '../server/uws.js';
import type { RecognitionStream, Recognizer } from '../speech/recognizer.js';
import { segmentConfidence, segmentText } from './segment-text.js';

/** Malformed messages a connection may send before it is closed (each gets an error message). */
const MAX_ERRORS = 10;
const RATE = 16000;

/** What the node lends the endpoint. */
export interface SessionEndpointDeps {
  publicKey: KeyObject;
  clock: Clock;
  log: Logger;
  recognizer(): Recognizer;
  /** Reports a closed session to the control plane (which settles its money); retries are its own. */
  settle(report: SessionSettleRequest): Promise<void>;
}

interface SocketData {
  admission: SocketAdmission<SessionTokenClaims>;
  claims: SessionTokenClaims | null;
  stream: RecognitionStream | null;
  upsampler: Upsampler8to16 | null;
  /** mu-law: 8 kHz samples waiting for a whole 20 ms frame. */
  pending: Int16Array;
  pendingLength: number;
  /** 16 kHz samples written to the recognizer. */
  samples: number;
  finals: number;
  errors: number;
  stopping: boolean;
  settled: boolean;
  expiry: Timer | null;
}

/**
 * The WebSocket of transcription sessions (`/transcription?token=…`): a customer streams audio (binary frames
 * of PCM16 LE 16 kHz or mu-law 8 kHz, as its session says) and receives JSON `speech_started` and `final`
 * results; `{"type":"stop"}` finishes the utterance being spoken, sends its final and `closed`, and closes
 * 1000. A session takes one connection; when it closes, the node reports the audio received to the control
 * plane. Hostile input never stops the node: wrong frames get an error message and, past MAX_ERRORS, a close.
 */
export class SessionEndpoint {
  private readonly sockets = new Set<WebSocket<SocketData>>();
  /** Session ids connected on this node, until their token expires (a session takes one connection). */
  private readonly used = new Map<string, number>();

  constructor(private readonly deps: SessionEndpointDeps) {}

  /** Installs the `/transcription` WebSocket route on `app`. */
  install(app: TemplatedApp): void {
    app.ws<SocketData>('/transcription', {
      maxPayloadLength: 64 * 1024,
      maxBackpressure: 256 * 1024,
      idleTimeout: 60,
      upgrade: (res, req, context) => this.upgrade(res, req, context),
      open: (ws) => this.open(ws),
      message: (ws, message, isBinary) => this.message(ws, message, isBinary),
      close: (ws) => this.closed(ws),
    });
  }

  /** Closes every connection (node shutdown); their sessions are reported as they close. */
  closeAll(): void {
    for (const ws of [...this.sockets]) ws.end(1001, 'media node stopping');
  }

  private upgrade(res: HttpResponse, req: HttpRequest, context: SocketContext): void {
    upgradeWithToken(res, req, context, (token): SocketData => ({
      admission: new SocketAdmission(token, (t) => verifySessionToken(this.deps.publicKey, t, this.deps.clock.now()), 'transcription_token_invalid'),
      claims: null, stream: null, upsampler: null, pending: new Int16Array(160), pendingLength: 0,
      samples: 0, finals: 0, errors: 0, stopping: false, settled: false, expiry: null,
    }));
  }

  private open(ws: WebSocket<SocketData>): void {
    this.sockets.add(ws);
    const data = ws.getUserData();
    void data.admission.result.then((admission) => {
      if (!this.sockets.has(ws)) return;
      this.start(ws, data, admission);
      data.admission.drain((message, isBinary) => this.message(ws, message, isBinary));
    });
  }

  /** The token is checked: the session starts (`ready`), or the client is refused. */
  private start(ws: WebSocket<SocketData>, data: SocketData, admission: Admission<SessionTokenClaims>): void {
    if ('refusal' in admission) return this.refuse(ws, SESSION_CLOSE.unauthorized, admission.refusal);
    const claims = (data.claims = admission.claims);
    this.forgetExpired();
    if (this.used.has(claims.sub)) return this.refuse(ws, SESSION_CLOSE.used, 'transcription_session_used');
    this.used.set(claims.sub, claims.exp * 1000);
    data.upsampler = claims.enc === 'mulaw' ? new Upsampler8to16() : null;
    data.stream = this.deps.recognizer().open({ language: claims.lang }, (event) => {
      if (event.type === 'speechStart') send(ws, { type: 'speech_started', atMs: event.atMs });
      else if (event.type === 'final') {
        const text = segmentText(event.text);
        if (text === '') return;
        data.finals++;
        send(ws, { type: 'final', text, confidence: segmentConfidence(event.confidence), startMs: event.startMs, endMs: event.endMs });
      } else if (event.type === 'error') send(ws, { type: 'error', code: 'transcription_failed', message: errorCatalogue.transcription_failed.message });
    });
    data.expiry = this.deps.clock.setTimerAt(claims.exp * 1000, () => void this.finish(ws, SESSION_CLOSE.unauthorized, 'transcription_token_expired'));
    send(ws, { type: 'ready', sessionId: claims.sub, encoding: claims.enc, sampleRate: claims.enc === 'mulaw' ? 8000 : 16000 });
  }

  private message(ws: WebSocket<SocketData>, message: ArrayBuffer, isBinary: boolean): void {
    const data = ws.getUserData();
    if (data.admission.pending) return data.admission.hold(message, isBinary);
    if (!data.stream || data.stopping) return;
    if (!isBinary) {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(Buffer.from(message).toString('utf8'));
      } catch {
        parsed = null;
      }
      if (Value.Check(SessionClientMessage, parsed)) {
        void this.finish(ws, 1000, null);
        return;
      }
      return this.malformed(ws, data);
    }
    const audio = data.upsampler ? this.fromMulaw(data, new Uint8Array(message)) : this.fromPcm(message);
    if (audio === null) return this.malformed(ws, data);
    const limit = data.claims!.max * 60 * RATE;
    const room = limit - data.samples;
    data.stream.write(audio.length > room ? audio.subarray(0, room) : audio);
    data.samples += Math.min(audio.length, room);
    if (data.samples >= limit) void this.finish(ws, SESSION_CLOSE.limit, 'transcription_session_limit');
  }

  /** A copy of a PCM16 frame (the socket's buffer is reused), or null when it is not whole samples. */
  private fromPcm(message: ArrayBuffer): Int16Array | null {
    if (message.byteLength === 0 || message.byteLength % 2 !== 0) return null;
    return new Int16Array(message.slice(0));
  }

  /** mu-law 8 kHz decoded and upsampled 20 ms at a time; a partial frame waits for the next message. */
  private fromMulaw(data: SocketData, bytes: Uint8Array): Int16Array | null {
    if (bytes.length === 0) return null;
    const decoded = new Int16Array(bytes.length);
    decodeMulaw(bytes, decoded);
    const total = data.pendingLength + decoded.length;
    const frames = Math.floor(total / 160);
    const out = new Int16Array(frames * 320);
    const joined = new Int16Array(total);
    joined.set(data.pending.subarray(0, data.pendingLength));
    joined.set(decoded, data.pendingLength);
    for (let f = 0; f < frames; f++) data.upsampler!.process(joined.subarray(f * 160, f * 160 + 160), out.subarray(f * 320, f * 320 + 320));
    data.pendingLength = total - frames * 160;
    data.pending.set(joined.subarray(frames * 160));
    return out;
  }

  private malformed(ws: WebSocket<SocketData>, data: SocketData): void {
    data.errors++;
    send(ws, { type: 'error', code: 'transcription_message_invalid', message: errorCatalogue.transcription_message_invalid.message });
    if (data.errors > MAX_ERRORS) void this.finish(ws, SESSION_CLOSE.malformed, 'transcription_message_invalid');
  }

  /** Finishes the utterance being spoken, sends its final and `closed`, then closes with `code`. */
  private async finish(ws: WebSocket<SocketData>, code: number, reason: ErrorCode | null): Promise<void> {
    const data = ws.getUserData();
    if (data.stopping || !data.stream) return;
    data.stopping = true;
    data.expiry?.cancel();
    await data.stream.end();
    if (reason !== null) send(ws, { type: 'error', code: reason, message: errorCatalogue[reason].message });
    send(ws, { type: 'closed', audioMs: Math.round(data.samples / 16) });
    if (this.sockets.has(ws)) ws.end(code, reason ?? 'stopped');
    this.report(data);
  }

  private refuse(ws: WebSocket<SocketData>, code: number, reason: ErrorCode): void {
    send(ws, { type: 'error', code: reason, message: errorCatalogue[reason].message });
    ws.end(code, reason);
  }

  private closed(ws: WebSocket<SocketData>): void {
    this.sockets.delete(ws);
    const data = ws.getUserData();
    data.expiry?.cancel();
    if (!data.stopping) {
      // The client went away without `stop`: nobody is left to hear the results.
      data.stopping = true;
      data.stream?.abort();
    }
    this.report(data);
  }

  /** Reports a session that had a connection, once. */
  private report(data: SocketData): void {
    if (data.settled || !data.stream || !data.claims) return;
    data.settled = true;
    void this.deps.settle({ sessionId: data.claims.sub, audioMs: Math.round(data.samples / 16), finals: data.finals }).catch((err: unknown) =>
      this.deps.log.error({ err, sessionId: data.claims!.sub }, 'a transcription session could not be reported; it expires free'));
  }

  private forgetExpired(): void {
    const now = this.deps.clock.now();
    for (const [id, until] of this.used) if (until < now) this.used.delete(id);
  }
}

function send(ws: WebSocket<SocketData>, message: SessionServerMessage): void {
  try {
    ws.send(JSON.stringify(message), false);
  } catch {
    // The socket closed meanwhile: uWS throws on a closed socket; there is nobody to tell.
  }
}
