import type { RoomParticipantKind, RoomServerMessage } from '../../protocol/room/room-message.js';
import { ROOM_CLOSE, ROOM_FRAME_BYTES } from '../../protocol/room/room-message.js';
import { errorCatalogue } from '../../shared/errors/catalogue.js';
import { defaultModes, type LegContext, type LegModes, type PcmLeg } from '../session/leg.js';

/** The socket side of a room participant, as the leg sees it (the endpoint implements it over uWS). */
export interface RoomConnection {
  /** Sends one audio frame; false when it was dropped because the client is not keeping up. */
  sendAudio(frame: Uint8Array): boolean;
  send(message: RoomServerMessage): void;
  /** Closes with an application close code; `code` names the catalogued reason. */
  close(closeCode: number, code: string, message: string): void;
}

/** Frames of a client's audio the leg holds before dropping the oldest (200 ms). */
const MAX_QUEUED_FRAMES = 10;

/**
 * An app or bot participant: 16 kHz PCM16 to and from a client of the room endpoint. The leg outlives
 * connections: a client may drop and reconnect (with a fresh token) while the participant stays.
 */
export class RoomLeg implements PcmLeg {
  readonly kind = 'room';
  readonly format = 'l16';
  readonly rate = 16000;
  readonly modes: LegModes = defaultModes();
  private connection: RoomConnection | null = null;
  /** The newest token generation this node knows of: an older token is refused (room-endpoint.ts). */
  private generation = 1;
  /** The generation of the token the current connection was opened with. */
  private connectionGeneration = 1;
  private readonly queue: Int16Array[] = [];
  private readonly outBytes = new Uint8Array(ROOM_FRAME_BYTES);
  private readonly outSamples = new Int16Array(this.outBytes.buffer);
  private closed = false;
  /** A frame given by push, sent at the next flush. */
  private prepared = false;

  constructor(
    readonly id: string,
    readonly participantKind: RoomParticipantKind,
    private readonly ctx: LegContext,
    /** Told of each dropped frame: the client sent faster than real time (in) or read too slowly (out). */
    private readonly onDrop: (direction: 'in' | 'out') => void = () => {},
  ) {}

  /** The call this leg belongs to. */
  get callId(): string {
    return this.ctx.callId;
  }

  get connected(): boolean {
    return this.connection !== null;
  }

  /** Whether a token of `generation` may connect: none older than the newest issued (that the node knows of). */
  admits(generation: number): boolean {
    return generation >= this.generation;
  }

  /**
   * Tokens older than `generation` stop working; a connection opened with one is closed (4401
   * room_token_superseded) and leaves as a disconnection, so the participant may come back with the new token.
   */
  supersede(generation: number): void {
    this.generation = Math.max(this.generation, generation);
    if (this.connection && this.connectionGeneration < this.generation) {
      this.connection.close(ROOM_CLOSE.unauthorized, 'room_token_superseded', errorCatalogue.room_token_superseded.message);
    }
  }

  /** Takes a new connection made with a token of `generation` (which supersedes older ones); an older connection is closed as replaced. */
  attach(connection: RoomConnection, generation = 1): void {
    const previous = this.connection;
    this.connection = connection;
    this.connectionGeneration = generation;
    this.generation = Math.max(this.generation, generation);
    this.queue.length = 0;
    if (previous) previous.close(ROOM_CLOSE.replaced, 'room_replaced', 'A newer connection of this participant replaced this one.');
    this.ctx.report({ type: 'participant.connected', legId: this.id });
  }

  /** Forgets `connection` once it closed (a replaced one is already forgotten); `clean` when the client closed it itself. */
  detach(connection: RoomConnection, reason: string, clean = false): void {
    if (this.connection !== connection) return;
    this.connection = null;
    this.queue.length = 0;
    if (!this.closed) this.ctx.report({ type: 'participant.disconnected', legId: this.id, reason, ...(clean ? { clean } : {}) });
  }

  /** A 640-byte frame from the client (copied: the socket's buffer is reused). */
  receive(frame: ArrayBuffer): void {
    if (this.queue.length >= MAX_QUEUED_FRAMES) {
      this.queue.shift();
      this.onDrop('in');
    }
    this.queue.push(new Int16Array(frame.slice(0)));
    this.ctx.tickDue?.();
  }

  /** Text from another participant of the call. */
  deliverData(from: string, payload: string): void {
    this.connection?.send({ type: 'data', from, payload });
  }

  /** Tells this participant's client about another room participant's connection. */
  deliverPresence(participantId: string, kind: RoomParticipantKind, event: 'present' | 'joined' | 'left'): void {
    this.connection?.send({ type: 'participant', participantId, kind, event });
  }

  pull(): Int16Array | null {
    return this.queue.shift() ?? null;
  }

  push(frame: Int16Array): void {
    this.outSamples.set(frame);
    this.prepared = true;
  }

  flush(): void {
    if (!this.prepared) return;
    this.prepared = false;
    if (!this.connection) return;
    if (!this.connection.sendAudio(this.outBytes)) this.onDrop('out');
  }

  close(): void {
    this.closed = true;
    const connection = this.connection;
    this.connection = null;
    connection?.close(ROOM_CLOSE.removed, 'room_participant_removed', 'The participant was removed from the call.');
  }
}
