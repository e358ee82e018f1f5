/**
 * The standalone role wiring's one door into the media plane: `sentral start` and `sentral media` run a
 * media node in the process, and this module is the only file under control/ that imports from media/
 * (test/unit/plane-boundaries.test.ts holds that line).
 */
import type { KeyObject } from 'node:crypto';
import { newId } from '../../shared/ids/ids.js';
import { startMediaNode, type MediaServices } from '../../media/node/media-node.js';
import { startMediaWorkers } from '../../media/node/media-workers.js';
import { streamLegFactory } from '../../media/stream/stream-leg.js';
import type { Part } from './parts.js';
import { awaitRoomPublicKey } from '../calls/room-keys.js';

/** What a media node runs on: config, clock, log, bus and metrics (no database, no hot store). */
export type { MediaServices };

/** A running media node (or its workers), with the lines that say where each listens (for the start summary). */
export interface MediaPart extends Part {
  listening: string[];
}

/**
 * Starts a media node, or one media worker per core (SENTRAL_MEDIA_WORKERS, cluster mode: each a node of its
 * own); without the room key at hand it waits for the control plane to publish it.
 */
export async function startMediaPart(services: MediaServices, roomPublicKey?: KeyObject): Promise<MediaPart> {
  const { config, clock, log, bus } = services;
  if (config.mediaWorkers > 1) {
    const key = roomPublicKey ?? (await awaitRoomPublicKey(bus));
    const host = await startMediaWorkers(config, log, { count: config.mediaWorkers, roomPublicKey: key, nodeId: config.nodeId ?? newId('node', clock), metrics: services.metrics });
    const listening = host.workers.map((w) => `media node ${w.nodeId} listening on port ${w.port} (rooms at ${w.roomUrl})`);
    return { name: 'media', drain: () => host.stop(config.mediaDrainMs), stop: () => host.stop(), listening };
  }
  const streamLegs = streamLegFactory({ clock, log, allowInsecureTargets: config.allowInsecureTargets });
  const node = await startMediaNode(services, { roomPublicKey: roomPublicKey ?? (await awaitRoomPublicKey(bus)), streamLegs });
  return { name: 'media', drain: () => node.drain(config.mediaDrainMs), stop: () => node.stop(), listening: [`media node ${node.nodeId} listening on port ${node.port} (rooms at ${node.roomUrl})`] };
}
