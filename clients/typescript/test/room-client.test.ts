/**
 * RoomClient against a hostile or failing room: a WebSocket server on loopback that sends what a real media
 * node never would (frames of the wrong size, text that is no room message), goes away, or cannot be reached.
 * The client against a real media node: test/e2e/room-client.test.ts.
 */
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import * as server from '../../../protocol/room/room-message.js';
import { ROOM_CLOSE, ROOM_FRAME_BYTES, RoomClient, RoomError, type RoomClientMessage, type RoomServerMessage } from '../src/index.js';

const JOINED = JSON.stringify({ type: 'joined', participantId: 'part_1', callId: 'call_1', kind: 'app', sampleRate: 16000, frameBytes: 640 });

/** True when A and B are the same type (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// src/room-messages.ts is generated from protocol/room (client.test.ts fails while it is stale); this checks what the generator writes.
it('carries the same wire types and constants as the server (protocol/room)', () => {
  const serverMessages: Same<RoomServerMessage, server.RoomServerMessage> = true;
  const clientMessages: Same<RoomClientMessage, server.RoomClientMessage> = true;
  expect([serverMessages, clientMessages]).toEqual([true, true]);
  expect(ROOM_CLOSE).toEqual(server.ROOM_CLOSE);
  expect(ROOM_FRAME_BYTES).toBe(server.ROOM_FRAME_BYTES);
});

let room: WebSocketServer | null = null;

afterEach(async () => {
  for (const ws of room?.clients ?? []) ws.terminate();
  await new Promise((resolve) => (room ? room.close(resolve) : resolve(undefined)));
  room = null;
});

/** A room on loopback whose connections `onConnection` handles; resolves with its URL. */
async function fakeRoom(onConnection: (ws: WebSocket, token: string | null) => void): Promise<string> {
  room = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  room.on('connection', (ws, req) => onConnection(ws, new URL(req.url!, 'ws://x').searchParams.get('token')));
  await new Promise((resolve) => room!.once('listening', resolve));
  return `ws://127.0.0.1:${(room.address() as AddressInfo).port}/room`;
}

const closedOf = (client: RoomClient) => new Promise<RoomError | null>((resolve) => client.on('close', resolve));

describe('RoomClient with a hostile or failing room', () => {
  it('drops malformed frames and messages with typed errors and stays connected', async () => {
    const url = await fakeRoom((ws) => {
      ws.send(JOINED);
      // The hostile part once the client listens (it says so with a data message).
      ws.once('message', () => {
        ws.send(Buffer.alloc(17));
        ws.send('{not json');
        ws.send(JSON.stringify({ type: 'participant', participantId: 'p', kind: 'alien', event: 'joined' }));
        ws.send(JSON.stringify([1, 2]));
        const frame = new Int16Array(320).fill(1234);
        ws.send(Buffer.from(frame.buffer));
      });
    });
    const client = await RoomClient.connect({ url, token: 'tok' });
    const errors: string[] = [];
    client.on('error', (err) => errors.push(err.code));
    const audio = new Promise<Int16Array>((resolve) => client.on('audio', resolve));
    client.sendData('ready');
    const frame = await audio;
    expect(frame.length).toBe(320);
    expect(frame[0]).toBe(1234);
    expect(errors).toEqual(['room_server_frame_invalid', 'room_server_message_invalid', 'room_server_message_invalid', 'room_server_message_invalid']);
    expect(client.connected).toBe(true);
    expect(() => client.sendAudio(new Int16Array(100))).toThrow(RoomError);
    client.close();
  });

  it('sends the token, 640-byte frames and data messages as the protocol says', async () => {
    const received: Array<{ token: string | null; binary: boolean; bytes: number; text?: string }> = [];
    let arrived: () => void;
    const both = new Promise<void>((resolve) => (arrived = resolve));
    const url = await fakeRoom((ws, token) => {
      ws.send(JOINED);
      ws.on('message', (data: Buffer, binary) => {
        received.push({ token, binary, bytes: data.length, ...(binary ? {} : { text: data.toString() }) });
        if (received.length === 2) arrived();
      });
    });
    const client = await RoomClient.connect({ url, token: 'the token' });
    expect(client.sendAudio(new Int16Array(320))).toBe(true);
    expect(client.sendData('hi', ['part_2'])).toBe(true);
    await both;
    expect(received).toEqual([
      { token: 'the token', binary: true, bytes: 640 },
      { token: 'the token', binary: false, bytes: expect.any(Number), text: JSON.stringify({ type: 'data', payload: 'hi', to: ['part_2'] }) },
    ]);
    client.close();
  });

  it('a refusal before joining rejects with the room\'s error code and close code', async () => {
    const url = await fakeRoom((ws) => {
      ws.send(JSON.stringify({ type: 'error', code: 'room_token_expired', message: 'The room token has expired; fetch a new one.' }));
      ws.close(4401, 'room_token_expired');
    });
    const refused = await RoomClient.connect({ url, token: 'old' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RoomError);
    expect(refused).toMatchObject({ code: 'room_token_expired', closeCode: 4401, message: 'The room token has expired; fetch a new one.' });
  });

  it('a room that cannot be reached rejects with room_connect_failed', async () => {
    const url = await fakeRoom(() => {});
    room!.close();
    const refused = await RoomClient.connect({ url, token: 't' }).catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: 'room_connect_failed' });
  });

  it('a room going away ends the client with room_closed; a room that stays away ends reconnecting with room_connection_lost', async () => {
    let connections = 0;
    const url = await fakeRoom((ws) => {
      connections++;
      ws.send(JOINED);
      if (connections === 1) setImmediate(() => ws.close(1001, 'media node stopping'));
      else setImmediate(() => {
        room!.close();
        ws.terminate();
      });
    });
    const first = await RoomClient.connect({ url, token: 't' });
    expect(await closedOf(first)).toMatchObject({ code: 'room_closed', closeCode: 1001 });

    const second = await RoomClient.connect({ url, token: 't' }, { reconnectDelaysMs: [20], reconnectForMs: 100 });
    const attempts: number[] = [];
    second.on('reconnecting', ({ attempt }) => attempts.push(attempt));
    const error = await closedOf(second);
    expect(error).toMatchObject({ code: 'room_connection_lost', closeCode: 1006 });
    expect(attempts.length).toBeGreaterThan(1);
    expect(second.connected).toBe(false);
  });
});
