/**
 * The V8 heap a media node runs with: its young generation, and how far its old generation grows. Every
 * message of a stream allocates (socket reads, framing, the JSON of a media message), so a worker carrying
 * hundreds of streams fills V8's default 16 MiB semi-space several times a second. A 64 MiB semi-space
 * scavenges four times less often; with the fixed growing factor below, the old space's mark-compacts, which
 * paused the 20 ms tick for 5–30 ms, no longer ran in steady state (bench/media-streams/RESULTS.md,
 * 2026-11-27). The space is committed only as it is used: an idle node stays small.
 */

/** Semi-space size (MiB) of a media node's heap. */
export const MEDIA_SEMI_SPACE_MIB = 64;

/**
 * The old generation's growing factor, fixed (percent above the live size after a full collection). V8 starts
 * marking the old space once the room left under its limit is smaller than the new space; its own factor,
 * computed from collection and allocation speeds, sometimes left a ~33 MiB old space less room than the
 * 64 MiB semi-space, and a mark-compact then followed every scavenge (9–18 a 10 s window at 500 streams, tick
 * p99 11–23 ms). At 4× the live size the room is always there: 0 mark-compacts in six windows, p99 1.2–3.3 ms.
 */
export const MEDIA_HEAP_GROWING_PERCENT = 300;

/** The Node flags for a process whose main thread runs a media node (`sentral start`, `sentral media`). */
export const MEDIA_HEAP_FLAGS = `--max-semi-space-size=${MEDIA_SEMI_SPACE_MIB} --heap-growing-percent=${MEDIA_HEAP_GROWING_PERCENT}`;

/** A media worker thread's young generation (V8: two semi-spaces and a new large-object space of their size). */
export const MEDIA_YOUNG_GENERATION_MIB = 3 * MEDIA_SEMI_SPACE_MIB;
