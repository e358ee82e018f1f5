import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { LinkLeg } from '../../media/link/link-leg.js';
import { ROOM_FRAME_BYTES } from '../../protocol/room/room-message.js';
import type { MediaEventBody } from '../../protocol/media/media-event.js';

/** A stand-in for another call's room endpoint: it records each connection's token and hands the sockets out. */
class FakeRoom {
  readonly server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  readonly tokens: string[] = [];
  private readonly waiting: ((ws: WebSocket) => void)[] = [];
  private readonly arrived: WebSocket[] = [];

  constructor() {
    this.server.on('connection', (ws, req) => {
      this.tokens.push(new URL(req.url ?? '/', 'ws://x').searchParams.get('token') ?? '');
      const waiter = this.waiting.shift();
      if (waiter) waiter(ws);
      else this.arrived.push(ws);
    });
  }

  url = '';

  /** Resolves once the room listens (its url is known from then on, also after it closes). */
  async listening(): Promise<this> {
    await once(this.server, 'listening');
    this.url = `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/room`;
    return this;
  }

  /** The next connection the link makes. */
  next(): Promise<WebSocket> {
    const ws = this.arrived.shift();
    return ws ? Promise.resolve(ws) : new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Stops listening and drops every connection (again: a no-op). */
  close(): Promise<void> {
    for (const ws of this.server.clients) ws.terminate();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A link leg with a recording context; `ended` settles with the first end's reason. */
function link(room: FakeRoom) {
  const reports: MediaEventBody[] = [];
  const ends: string[] = [];
  let settle: (reason: string) => void = () => undefined;
  const ended = new Promise<string>((resolve) => (settle = resolve));
  const leg = new LinkLeg('part_link', { url: room.url, token: 'tok_1' }, {
    callId: 'call_a',
    report: (event) => reports.push(event),
    ended: (reason) => {
      ends.push(reason);
      settle(reason);
    },
  });
  return { leg, reports, ends, ended };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs `n` ticks of the leg (what the session does every 20 ms). */
function ticks(leg: LinkLeg, n: number): void {
  for (let i = 0; i < n; i++) leg.pull();
}

/** Waits until the leg hears a frame from the room (pulling as the session would). */
async function hears(leg: LinkLeg, ws: WebSocket): Promise<void> {
  for (;;) {
    ws.send(Buffer.alloc(ROOM_FRAME_BYTES, 1));
    await turn();
    if (leg.pull() !== null) return;
  }
}

describe('link leg (a moved caller joined to another call\'s room)', () => {
  let room: FakeRoom;
  beforeEach(async () => {
    room = await new FakeRoom().listening();
  });
  afterEach(async () => {
    await room.close();
  });

  it('dials again with the same token after a connection is lost without a close from the room, and carries audio again', async () => {
    const { leg, reports, ends } = link(room);
    const first = await room.next();
    await hears(leg, first);
    expect(reports.filter((r) => r.type === 'participant.connected')).toHaveLength(1);

    first.terminate();
    await once(first, 'close');
    // A tick per turn of the event loop until the room sees the redial: not before 0.5 s of ticks.
    const redial = room.next();
    let counted = 0;
    while (room.tokens.length < 2) {
      ticks(leg, 1);
      counted++;
      await turn();
    }
    expect(counted).toBeGreaterThanOrEqual(25);
    const second = await redial;
    await hears(leg, second);

    // Lost again after it came back: the waits start over at 0.5 s (not the 1 s of a second redial in a row).
    second.terminate();
    await once(second, 'close');
    const third = room.next();
    counted = 0;
    while (room.tokens.length < 3) {
      ticks(leg, 1);
      counted++;
      await turn();
    }
    expect(counted).toBeGreaterThanOrEqual(25);
    expect(counted).toBeLessThan(50);
    await hears(leg, await third);

    expect(room.tokens).toEqual(['tok_1', 'tok_1', 'tok_1']);
    expect(ends).toEqual([]);
    // A reconnection is not a second arrival.
    expect(reports.filter((r) => r.type === 'participant.connected')).toHaveLength(1);
    leg.close();
  });

  it('leaves when the room closes it (the caller removed, the target call ended): no redial', async () => {
    const { leg, ends, ended } = link(room);
    const ws = await room.next();
    await hears(leg, ws);
    ws.close(4410, 'room_participant_removed');
    await ended;
    ticks(leg, 1000);
    expect(ends).toEqual(['disconnected']);
    expect(room.tokens).toHaveLength(1);
  });

  it('leaves after 15 s of failed redials once the other room is gone', async () => {
    const { leg, ends } = link(room);
    const ws = await room.next();
    await hears(leg, ws);
    await room.close();
    // Every redial is refused at once; the ticks between them stand for the session's 20 ms frames.
    let counted = 0;
    while (ends.length === 0) {
      ticks(leg, 25);
      counted += 25;
      await turn();
    }
    expect(ends).toEqual(['disconnected']);
    expect(counted).toBeGreaterThanOrEqual(750);
  });

  it('reports a failure when the first connection cannot be made', async () => {
    await room.close();
    const { reports, ends, ended } = link(room);
    await ended;
    expect(reports).toEqual([{ type: 'leg.failed', legId: 'part_link', reason: "the other call's room could not be joined" }]);
    expect(ends).toEqual(['link failed']);
  });
});
