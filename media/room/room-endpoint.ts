import type { KeyObject } from 'node:crypto';
import { Value } from 'typebox/value';
import type { Clock, Timer } from '../../shared/clock/clock.js';
import type { Logger } from '../../shared/log/log.js';
import { errorCatalogue, type ErrorCode } from '../../shared/errors/catalogue.js';
import { findUnstorable } from '../../shared/json/storable-json.js';
import {
  ROOM_CLOSE,
  ROOM_FRAME_BYTES,
  ROOM_MAX_TEXT_BYTES,
  RoomClientMessage,
  type RoomServerMessage,
} from '../../protocol/room/room-message.js';
import type { RoomTokenClaims } from '../../protocol/room/room-token-claims.js';
import { upgradeWithToken, type HttpRequest, type HttpResponse, type SocketContext, type TemplatedApp, type WebSocket } from '../server/uws.js';
import { verifyRoomToken } from '../../shared/signing/room-token.js';
import { SocketAdmission, type Admission } from '../server/socket-admission.js';
import type { RoomConnection, RoomLeg } from './room-leg.js';

/** Outbound bytes a client may have waiting before its audio frames are dropped (about 200 ms). */
const MAX_BUFFERED_AUDIO = ROOM_FRAME_BYTES * 10;
/** Text messages a connection may send per second (burst twice that); the rest are dropped. */
const TEXT_PER_SECOND = 20;
/** Refused frames answered with an error message per second; beyond that they are dropped silently. */
const ERRORS_PER_SECOND = 5;

/**
 * How long a client whose participant is not on the node yet waits for it before 4404: the API answers with
 * the room URL before the media node has added the leg, so a client that connects at once can come first.
 */
export const ROOM_JOIN_WAIT_MS = 5_000;

/** How the endpoint finds room legs in the node's sessions. */
export interface RoomDirectory {
  roomLeg(callId: string, participantId: string): RoomLeg | undefined;
  roomLegs(callId: string): RoomLeg[];
  /** Calls `listener` once when the call's leg `participantId` is added; the returned function stops waiting. */
  whenRoomLeg(callId: string, participantId: string, listener: (leg: RoomLeg) => void): () => void;
  /** True when the participant was in the call's session on this node and has left it. */
  roomLegGone(callId: string, participantId: string): boolean;
}

/** What the room endpoint needs from its node. */
export interface RoomEndpointDeps {
  publicKey: KeyObject;
  clock: Clock;
  log: Logger;
  directory: RoomDirectory;
}

interface SocketData {
  admission: SocketAdmission<RoomTokenClaims>;
  /** The token's claims once checked. */
  claims: RoomTokenClaims | null;
  leg: RoomLeg | null;
  connection: RoomConnection | null;
  expiry: Timer | null;
  /** The join wait, from the socket's open until its participant's leg is found. */
  wait: Timer | null;
  waitOver: boolean;
  /** Stops waiting for the participant's leg to arrive (set while the client waits for it). */
  stopWaiting: (() => void) | null;
  closed: boolean;
  textBudget: number;
  errorBudget: number;
  budgetAt: number;
}

/**
 * The room endpoint (`/room?token=…`): app and bot participants send and receive 20 ms PCM16 frames and
 * JSON control messages. The token is checked once the socket is open, so a refused client can read the error
 * code before the close with 4401 (also when a newer token of the participant superseded it). Nothing a client sends can stop the node:
 * wrong frames get an error message, floods are dropped, a slow reader loses audio rather than memory.
 */
export class RoomEndpoint {
  private readonly sockets = new Set<WebSocket<SocketData>>();

  constructor(private readonly deps: RoomEndpointDeps) {}

  /** Open connections now. */
  get connections(): number {
    return this.sockets.size;
  }

  /** Installs the `/room` WebSocket route on `app`. */
  install(app: TemplatedApp): void {
    app.ws<SocketData>('/room', {
      maxPayloadLength: 64 * 1024,
      maxBackpressure: 256 * 1024,
      idleTimeout: 60,
      upgrade: (res, req, context) => this.upgrade(res, req, context),
      open: (ws) => this.open(ws),
      message: (ws, message, isBinary) => this.message(ws, message, isBinary),
      close: (ws, code) => this.closed(ws, code),
    });
  }

  /** Closes every connection (node shutdown). */
  closeAll(): void {
    for (const ws of [...this.sockets]) ws.end(1001, 'media node stopping');
  }

  private upgrade(res: HttpResponse, req: HttpRequest, context: SocketContext): void {
    upgradeWithToken(res, req, context, (token): SocketData => ({
      admission: new SocketAdmission(token, (t) => verifyRoomToken(this.deps.publicKey, t, this.deps.clock.now()), 'room_token_invalid'),
      claims: null,
      leg: null,
      connection: null,
      expiry: null,
      wait: null,
      waitOver: false,
      stopWaiting: null,
      closed: false,
      textBudget: TEXT_PER_SECOND * 2,
      errorBudget: ERRORS_PER_SECOND,
      budgetAt: this.deps.clock.now(),
    }));
  }

  private open(ws: WebSocket<SocketData>): void {
    this.sockets.add(ws);
    const data = ws.getUserData();
    data.wait = this.deps.clock.setTimer(ROOM_JOIN_WAIT_MS, () => this.waitOver(ws, data));
    void data.admission.result.then((admission) => this.admit(ws, data, admission));
  }

  /** The token is checked: the client joins its participant's leg, waits for it, or is refused; what it sent meanwhile is handled. */
  private admit(ws: WebSocket<SocketData>, data: SocketData, admission: Admission<RoomTokenClaims>): void {
    if (data.closed) return;
    if ('refusal' in admission) {
      this.refuse(ws, ROOM_CLOSE.unauthorized, admission.refusal);
      return;
    }
    const claims = (data.claims = admission.claims);
    const leg = this.deps.directory.roomLeg(claims.call, claims.sub);
    if (leg) this.join(ws, data, claims, leg);
    else if (data.waitOver || this.deps.directory.roomLegGone(claims.call, claims.sub)) this.refuse(ws, ROOM_CLOSE.unknownParticipant, 'room_participant_unknown');
    else {
      data.stopWaiting = this.deps.directory.whenRoomLeg(claims.call, claims.sub, (arrived) => {
        data.stopWaiting = null;
        if (!data.closed) this.join(ws, data, claims, arrived);
      });
    }
    data.admission.drain((message, isBinary) => this.message(ws, message, isBinary));
  }

  /** The join wait is over: a checked client whose participant has not reached the node is refused. */
  private waitOver(ws: WebSocket<SocketData>, data: SocketData): void {
    data.wait = null;
    data.waitOver = true;
    if (data.closed || data.claims === null || data.leg !== null) return;
    data.stopWaiting?.();
    data.stopWaiting = null;
    this.refuse(ws, ROOM_CLOSE.unknownParticipant, 'room_participant_unknown');
  }

  private join(ws: WebSocket<SocketData>, data: SocketData, claims: RoomTokenClaims, leg: RoomLeg): void {
    if (leg.participantKind !== claims.kind) {
      this.refuse(ws, ROOM_CLOSE.unknownParticipant, 'room_participant_unknown');
      return;
    }
    if (!leg.admits(claims.gen)) {
      this.refuse(ws, ROOM_CLOSE.unauthorized, 'room_token_superseded');
      return;
    }
    data.wait?.cancel();
    data.wait = null;
    const connection = this.connectionOf(ws, data);
    data.leg = leg;
    data.connection = connection;
    data.expiry = this.deps.clock.setTimerAt(claims.exp * 1000, () =>
      connection.close(ROOM_CLOSE.unauthorized, 'room_token_expired', errorCatalogue.room_token_expired.message),
    );
    send(ws, { type: 'joined', participantId: claims.sub, callId: claims.call, kind: claims.kind, sampleRate: 16000, frameBytes: ROOM_FRAME_BYTES });
    leg.attach(connection, claims.gen);
    for (const other of this.deps.directory.roomLegs(leg.callId)) {
      if (other === leg || !other.connected) continue;
      connection.send({ type: 'participant', participantId: other.id, kind: other.participantKind, event: 'present' });
      other.deliverPresence(leg.id, leg.participantKind, 'joined');
    }
  }

  private message(ws: WebSocket<SocketData>, message: ArrayBuffer, isBinary: boolean): void {
    const data = ws.getUserData();
    if (data.admission.pending) return data.admission.hold(message, isBinary);
    const leg = data.leg;
    if (data.closed || !leg || !data.claims) return;
    if (isBinary) {
      if (message.byteLength !== ROOM_FRAME_BYTES) return this.error(ws, data, 'room_frame_invalid');
      if (!data.claims.grants.canPublishSources.includes('microphone')) return this.error(ws, data, 'room_publish_forbidden');
      leg.receive(message);
      return;
    }
    this.refill(data);
    if (data.textBudget < 1) return this.error(ws, data, 'rate_limited');
    data.textBudget--;
    if (message.byteLength > ROOM_MAX_TEXT_BYTES) return this.error(ws, data, 'room_message_too_large');
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(message).toString('utf8'));
    } catch {
      return this.error(ws, data, 'room_message_invalid');
    }
    // Lone surrogates, NUL and deep nesting are refused before the schema check walks it or a peer gets it.
    if (findUnstorable(parsed) !== null) return this.error(ws, data, 'room_message_invalid');
    if (!Value.Check(RoomClientMessage, parsed)) return this.error(ws, data, 'room_message_invalid');
    if (!data.claims.grants.canPublishData) return this.error(ws, data, 'room_data_forbidden');
    const targets = parsed.to ? new Set(parsed.to) : null;
    for (const other of this.deps.directory.roomLegs(leg.callId)) {
      if (other !== leg && (!targets || targets.has(other.id))) other.deliverData(leg.id, parsed.payload);
    }
  }

  private closed(ws: WebSocket<SocketData>, code: number): void {
    this.sockets.delete(ws);
    const data = ws.getUserData();
    data.closed = true;
    data.expiry?.cancel();
    data.wait?.cancel();
    data.stopWaiting?.();
    data.stopWaiting = null;
    const leg = data.leg;
    if (!leg || !data.connection) return;
    leg.detach(data.connection, code === 1000 ? 'client closed' : `closed (${code})`, code === 1000);
    // A replaced connection is not a departure: the participant is still there on its newer one.
    if (leg.connected) return;
    for (const other of this.deps.directory.roomLegs(leg.callId)) {
      if (other !== leg) other.deliverPresence(leg.id, leg.participantKind, 'left');
    }
  }

  private connectionOf(ws: WebSocket<SocketData>, data: SocketData): RoomConnection {
    return {
      sendAudio: (frame) => {
        if (data.closed || ws.getBufferedAmount() > MAX_BUFFERED_AUDIO) return false;
        return ws.send(frame, true) !== 2;
      },
      send: (message) => {
        if (!data.closed) send(ws, message);
      },
      close: (closeCode, code, message) => {
        if (data.closed) return;
        send(ws, { type: 'error', code, message });
        data.closed = true;
        ws.end(closeCode, code);
      },
    };
  }

  private refuse(ws: WebSocket<SocketData>, closeCode: number, code: ErrorCode): void {
    const data = ws.getUserData();
    send(ws, { type: 'error', code, message: errorCatalogue[code].message });
    data.closed = true;
    ws.end(closeCode, code);
  }

  /** Answers a refused frame with an error message, within a small per-second budget. */
  private error(ws: WebSocket<SocketData>, data: SocketData, code: ErrorCode): void {
    this.refill(data);
    if (data.errorBudget < 1) return;
    data.errorBudget--;
    send(ws, { type: 'error', code, message: errorCatalogue[code].message });
  }

  private refill(data: SocketData): void {
    const now = this.deps.clock.now();
    const seconds = Math.max(0, now - data.budgetAt) / 1000;
    data.budgetAt = now;
    data.textBudget = Math.min(TEXT_PER_SECOND * 2, data.textBudget + seconds * TEXT_PER_SECOND);
    data.errorBudget = Math.min(ERRORS_PER_SECOND, data.errorBudget + seconds * ERRORS_PER_SECOND);
  }
}

function send(ws: WebSocket<SocketData>, message: RoomServerMessage): void {
  ws.send(JSON.stringify(message), false);
}

