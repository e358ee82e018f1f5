import { Type, type Static } from 'typebox';

/**
 * Entries of the `media-nodes` bucket expire this long after their last heartbeat, and a node none of whose
 * heartbeats was stored for this long counts as lost. As the partition leases on a replicated bus (20 s):
 * long enough that a bucket electing its leader (4-9 s; a split vote about doubles it) costs no live node
 * its entry, short enough that a lost node's calls end about 20 s after its loss.
 */
export const MEDIA_NODE_TTL_MS = 20_000;

/** A media node's entry in the `media-nodes` KV bucket (key: node id), refreshed by its heartbeat. */
export const MediaNodeRecord = Type.Object({
  nodeId: Type.String(),
  /** Base WebSocket URL of the room endpoint (ws://host:port/room). */
  roomUrl: Type.String(),
  /** Legs the node takes at most. */
  capacity: Type.Integer({ minimum: 0 }),
  /** Legs open now. */
  load: Type.Integer({ minimum: 0 }),
  sessions: Type.Integer({ minimum: 0 }),
  startedAt: Type.Integer(),
  /** The node is draining (stopped with SIGTERM): it takes no new call, and ends its calls when the grace runs out. */
  draining: Type.Optional(Type.Boolean()),
  heartbeatAt: Type.Integer(),
});
/** A media node's registry entry. */
export type MediaNodeRecord = Static<typeof MediaNodeRecord>;
