/**
 * The young generation a media node's V8 heap runs with. Every message of a stream allocates (socket reads,
 * framing, the JSON of a media message), so a worker carrying hundreds of streams fills V8's default 16 MiB
 * semi-space several times a second; objects alive at two scavenges in a row get promoted, and the old
 * space's mark-compacts that follow pause the 20 ms tick for 5–30 ms. A 64 MiB semi-space scavenges four
 * times less often, promotes almost nothing and made the mark-compacts disappear in steady state at 400
 * streams a worker (bench/media-streams/RESULTS.md, 2026-11-27 07:00). The space is committed only as it is
 * used: an idle node stays small.
 */

/** Semi-space size (MiB) of a media node's heap. */
export const MEDIA_SEMI_SPACE_MIB = 64;

/** The Node flag for a process whose main thread runs a media node (`sentral start`, `sentral media`). */
export const MEDIA_SEMI_SPACE_FLAG = `--max-semi-space-size=${MEDIA_SEMI_SPACE_MIB}`;

/** A media worker thread's young generation (V8: two semi-spaces and a new large-object space of their size). */
export const MEDIA_YOUNG_GENERATION_MIB = 3 * MEDIA_SEMI_SPACE_MIB;
