/**
 * A client of a call's media room, for app and bot participants: it joins with the `{url, token}` that
 * POST /v1/calls (or POST …/participants) returns in the participant's `connection`, sends and receives
 * 20 ms frames of 16 kHz PCM16 and the room's events, and an app participant reconnects after a lost
 * connection with the same token (the room keeps it for 60 s; a bot leaves the call when its connection drops). It runs in browsers (their WebSocket) and in Node (its
 * global WebSocket where present, else the `ws` package).
 */
import { ROOM_CLOSE, ROOM_FRAME_BYTES, type RoomClientMessage, type RoomData, type RoomJoined, type RoomParticipant } from './room-messages.js';
import { ROOM_FRAME_SAMPLES, parseRoomMessage } from './room-frames.js';

/** Where and as whom to join: a participant's `connection` as the API returns it. */
export interface RoomConnectionInfo {
  url: string;
  token: string;
}

/** The part of the WebSocket API the client uses (the browser's, Node's global one and `ws` all have it). */
export interface RoomSocket {
  binaryType: string;
  readonly readyState: number;
  send(data: string | ArrayBuffer | ArrayBufferView): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** Makes a socket for a URL. */
export type RoomSocketFactory = (url: string) => RoomSocket;

/** How the client connects and reconnects. */
export interface RoomClientOptions {
  /** Makes the WebSocket; by default the global WebSocket, else (Node without one) the `ws` package. */
  socket?: RoomSocketFactory;
  /** Delays before each reconnection attempt, in ms; the last repeats. Default 500, 1000, 2000, 4000. */
  reconnectDelaysMs?: number[];
  /** How long an app participant keeps trying after a lost connection before giving up (ms, default 15 000; 0: never). */
  reconnectForMs?: number;
}

/**
 * Why the room refused or ended the connection, or why the client gave up. `code` is the API's error code
 * (room_token_invalid, room_token_expired, room_token_superseded, room_participant_unknown, room_replaced,
 * room_participant_removed, …) or one of the client's own: room_connect_failed (no socket could be opened),
 * room_connection_lost (reconnecting failed for `reconnectForMs`), room_closed (closed by the server without a
 * code), room_server_frame_invalid and room_server_message_invalid (the server sent something unreadable; the
 * client dropped it and stays connected), room_frame_invalid (a frame given to `sendAudio` is not 20 ms).
 */
export class RoomError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The WebSocket close code, when the connection closed. */
    readonly closeCode?: number,
  ) {
    super(message);
    this.name = 'RoomError';
  }
}

/** What the client tells its listeners. */
export interface RoomClientEvents {
  /** Joined the room (after connecting, and again after each reconnection). */
  joined: (joined: RoomJoined) => void;
  /** One 20 ms frame of what this participant hears: 320 samples of 16 kHz PCM16. */
  audio: (frame: Int16Array) => void;
  /** Another app, bot or moved caller connected (`present`, `joined`) or left. */
  participant: (event: RoomParticipant) => void;
  /** A data message from another participant. */
  data: (message: RoomData) => void;
  /** Something went wrong that does not end the connection (a refused frame, an unreadable server message). */
  error: (error: RoomError) => void;
  /** The connection was lost; the client tries again after `delayMs`. */
  reconnecting: (info: { attempt: number; delayMs: number; closeCode: number }) => void;
  /** The client is done: `error` is null after `close()`, else why the room or the network ended it. */
  close: (error: RoomError | null) => void;
}

const OPEN = 1;
const NORMAL_CLOSURE = 1000;
const GOING_AWAY = 1001;

/** A connection to a call's media room. Create it with `RoomClient.connect`. */
export class RoomClient {
  /** The participant and call, from the room's `joined` message. */
  joined!: RoomJoined;
  private socket: RoomSocket | null = null;
  private readonly listeners = new Map<keyof RoomClientEvents, Set<(...args: never[]) => void>>();
  private done = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private lostAt = 0;
  private attempt = 0;
  private readonly playback: Int16Array[] = [];
  private playTimer: ReturnType<typeof setTimeout> | null = null;
  private playNext = 0;
  private playDone: Array<() => void> = [];

  private constructor(
    private readonly connection: RoomConnectionInfo,
    private readonly makeSocket: RoomSocketFactory,
    private readonly options: Required<Pick<RoomClientOptions, 'reconnectDelaysMs' | 'reconnectForMs'>>,
  ) {}

  /** Connects and resolves once the room has accepted the token (`joined`); rejects with a RoomError. */
  static async connect(connection: RoomConnectionInfo, options: RoomClientOptions = {}): Promise<RoomClient> {
    const client = new RoomClient(connection, options.socket ?? (await defaultSocketFactory()), {
      reconnectDelaysMs: options.reconnectDelaysMs?.length ? options.reconnectDelaysMs : [500, 1000, 2000, 4000],
      reconnectForMs: options.reconnectForMs ?? 15_000,
    });
    await client.open(true);
    return client;
  }

  /** Whether the client is connected and joined now (false while it reconnects and after it closed). */
  get connected(): boolean {
    return !this.done && this.reconnectTimer === null && this.socket?.readyState === OPEN;
  }

  /** Adds a listener; returns a function that removes it. */
  on<E extends keyof RoomClientEvents>(event: E, listener: RoomClientEvents[E]): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /**
   * Sends one 20 ms frame (320 samples, or 640 bytes of PCM16 LE) now; false when it was not sent because the
   * client is reconnecting or closed. Throws a RoomError (room_frame_invalid) for a frame of another size.
   */
  sendAudio(frame: Int16Array | Uint8Array): boolean {
    if (frame.byteLength !== ROOM_FRAME_BYTES) {
      throw new RoomError('room_frame_invalid', `An audio frame must be ${ROOM_FRAME_BYTES} bytes (20 ms of 16 kHz PCM16); this one has ${frame.byteLength}.`);
    }
    if (!this.connected) return false;
    this.socket!.send(frame);
    return true;
  }

  /**
   * Plays `samples` (16 kHz PCM16, any length) into the room at real-time pace, one frame every 20 ms after
   * what is already playing; resolves when the last frame is sent or `stopPlaying()` cut it short.
   */
  play(samples: Int16Array): Promise<void> {
    for (let at = 0; at < samples.length; at += ROOM_FRAME_SAMPLES) {
      const frame = new Int16Array(ROOM_FRAME_SAMPLES);
      frame.set(samples.subarray(at, at + ROOM_FRAME_SAMPLES));
      this.playback.push(frame);
    }
    const finished = new Promise<void>((resolve) => this.playDone.push(resolve));
    if (this.playTimer === null) {
      this.playNext = Date.now();
      this.pace();
    }
    return finished;
  }

  /** Drops what `play` has not sent yet (e.g. when the other side starts talking). */
  stopPlaying(): void {
    this.playback.length = 0;
    if (this.playTimer !== null) clearTimeout(this.playTimer);
    this.playTimer = null;
    for (const resolve of this.playDone.splice(0)) resolve();
  }

  /** Sends a data message to the other participants (or those in `to`) where the token's grant allows it. */
  sendData(payload: string, to?: string[]): boolean {
    if (!this.connected) return false;
    const message: RoomClientMessage = to ? { type: 'data', payload, to } : { type: 'data', payload };
    this.socket!.send(JSON.stringify(message));
    return true;
  }

  /** Leaves the room (close code 1000); the `close` listeners get null. */
  close(): void {
    if (this.done) return;
    const socket = this.socket;
    this.finish(null);
    socket?.close(NORMAL_CLOSURE);
  }

  private pace(): void {
    this.playTimer = null;
    const frame = this.playback.shift();
    if (frame === undefined || this.done) {
      this.playback.length = 0;
      for (const resolve of this.playDone.splice(0)) resolve();
      return;
    }
    this.sendAudio(frame);
    // Timers fire late; aiming each frame at its own deadline keeps the average at real time.
    this.playNext += 20;
    this.playTimer = setTimeout(() => this.pace(), Math.max(0, this.playNext - Date.now()));
  }

  /** Opens a socket; resolves when the room says `joined`. The first open rejects on failure; later ones reconnect. */
  private open(first: boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const url = new URL(this.connection.url);
      url.searchParams.set('token', this.connection.token);
      let socket: RoomSocket;
      try {
        socket = this.makeSocket(url.toString());
      } catch (err) {
        reject(new RoomError('room_connect_failed', `Could not open the room's WebSocket: ${(err as Error).message}`));
        return;
      }
      this.socket = socket;
      socket.binaryType = 'arraybuffer';
      let joined = false;
      let refusal: { code: string; message: string } | null = null;
      socket.onmessage = ({ data }) => {
        if (this.socket !== socket) return;
        if (typeof data !== 'string') {
          if (!(data instanceof ArrayBuffer) || data.byteLength !== ROOM_FRAME_BYTES) {
            return this.emit('error', new RoomError('room_server_frame_invalid', `The room sent an audio frame of ${byteLength(data)} bytes instead of ${ROOM_FRAME_BYTES}; it was dropped.`));
          }
          if (joined) this.emit('audio', new Int16Array(data));
          return;
        }
        const message = parseRoomMessage(data);
        if (message === null) return this.emit('error', new RoomError('room_server_message_invalid', 'The room sent a text frame that is not a room message; it was dropped.'));
        if (message.type === 'joined') {
          joined = true;
          this.joined = message;
          this.attempt = 0;
          this.emit('joined', message);
          resolve();
        } else if (message.type === 'error') {
          // An error just before a close names why; otherwise it is a refused frame or message.
          refusal = { code: message.code, message: message.message };
          this.emit('error', new RoomError(message.code, message.message));
        } else if (message.type === 'participant') {
          this.emit('participant', message);
        } else {
          this.emit('data', message);
        }
      };
      socket.onerror = () => {};
      socket.onclose = ({ code, reason }) => {
        if (this.socket !== socket || this.done) return;
        this.socket = null;
        const error = closeError(code, reason, refusal);
        if (first && !joined) {
          this.done = true;
          this.stopPlaying();
          reject(error ?? new RoomError('room_connect_failed', `The room's WebSocket closed (${code}) before joining.`, code));
          return;
        }
        if (error) this.finish(error);
        else this.lost(code);
      };
    });
  }

  /** The connection dropped without the room ending it: try again with the same token, within the budget. */
  private lost(closeCode: number): void {
    // A bot leaves the call when its connection drops (docs/calls-api.md): only app participants resume.
    if (this.joined.kind === 'bot') {
      this.finish(new RoomError('room_connection_lost', `The connection to the room was lost (${closeCode}); a bot leaves the call when its connection drops.`, closeCode));
      return;
    }
    const now = Date.now();
    if (this.attempt === 0) this.lostAt = now;
    const delays = this.options.reconnectDelaysMs;
    const delayMs = delays[Math.min(this.attempt, delays.length - 1)]!;
    if (now + delayMs - this.lostAt > this.options.reconnectForMs) {
      this.finish(new RoomError('room_connection_lost', `The connection to the room was lost (${closeCode}) and could not be made again within ${this.options.reconnectForMs} ms.`, closeCode));
      return;
    }
    this.attempt++;
    this.emit('reconnecting', { attempt: this.attempt, delayMs, closeCode });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.done) void this.open(false);
    }, delayMs);
  }

  private finish(error: RoomError | null): void {
    if (this.done) return;
    this.done = true;
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.socket = null;
    this.stopPlaying();
    this.emit('close', error);
  }

  private emit<E extends keyof RoomClientEvents>(event: E, ...args: Parameters<RoomClientEvents[E]>): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as unknown as (...a: typeof args) => void)(...args);
  }
}

/**
 * What a close means: null for a lost connection worth reconnecting (no close frame from the room, or an
 * abnormal one), else the final error. The room names its reason (the error code) in the close's reason.
 */
function closeError(code: number, reason: string, refusal: { code: string; message: string } | null): RoomError | null {
  if (code >= 4000 && code < 5000) {
    const errorCode = reason || refusal?.code || closeCodeName(code);
    const message = refusal && refusal.code === errorCode ? refusal.message : `The room closed the connection (${code} ${errorCode}).`;
    return new RoomError(errorCode, message, code);
  }
  if (code === NORMAL_CLOSURE || code === GOING_AWAY) {
    return new RoomError('room_closed', `The room closed the connection (${code}${reason ? ` ${reason}` : ''}).`, code);
  }
  return null;
}

function closeCodeName(code: number): string {
  if (code === ROOM_CLOSE.unauthorized) return 'room_token_invalid';
  if (code === ROOM_CLOSE.unknownParticipant) return 'room_participant_unknown';
  if (code === ROOM_CLOSE.replaced) return 'room_replaced';
  if (code === ROOM_CLOSE.removed) return 'room_participant_removed';
  return 'room_closed';
}

function byteLength(data: unknown): number {
  return data instanceof ArrayBuffer || ArrayBuffer.isView(data) ? data.byteLength : 0;
}

/** The global WebSocket (browsers, Node 22+), else the `ws` package's. */
async function defaultSocketFactory(): Promise<RoomSocketFactory> {
  const Global = (globalThis as { WebSocket?: new (url: string) => RoomSocket }).WebSocket;
  if (Global) return (url) => new Global(url);
  const { WebSocket: Ws } = await import('ws');
  return (url) => new Ws(url) as unknown as RoomSocket;
}
