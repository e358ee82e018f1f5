import { Type, type Static } from 'typebox';
import { Mode, Timestamp, Uuid } from '../api/common.js';

/** Sample rate of every stored clip (the media plane's mix rate): 16 kHz PCM16 mono. */
export const CLIP_RATE = 16000;

/** Content types accepted for an upload: the raw bytes of a WAV file are the body. */
export const AUDIO_CLIP_CONTENT_TYPES = ['audio/wav', 'audio/x-wav', 'audio/wave'] as const;

/** Largest accepted upload body in bytes (10 MiB: about 5 minutes of 16 kHz PCM16). */
export const AUDIO_CLIP_MAX_BYTES = 10 * 1024 * 1024;

/** Longest accepted clip (a compact encoding such as mu-law at 8 kHz fits more than this in 10 MiB). */
export const AUDIO_CLIP_MAX_MS = 10 * 60 * 1000;

/** Shortest accepted clip: less than one 20 ms frame is not audio anyone can hear. */
export const AUDIO_CLIP_MIN_MS = 20;

/** Query of POST /v1/audio-clips (the body is the WAV file itself). */
export const AudioClipUploadQuery = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'A name for the clip (default: "clip")' })),
    profileId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
/** Query of POST /v1/audio-clips. */
export type AudioClipUploadQuery = Static<typeof AudioClipUploadQuery>;

/** An uploaded audio clip, stored as 16 kHz PCM16 mono. */
export const AudioClip = Type.Object(
  {
    id: Type.String({ description: 'clip_…' }),
    object: Type.Literal('audio_clip'),
    name: Type.String(),
    durationMs: Type.Integer(),
    sampleRate: Type.Literal(16000),
    mode: Mode,
    profileId: Type.Union([Type.String(), Type.Null()], { description: 'Null: the clip belongs to the whole company' }),
    createdAt: Timestamp,
  },
  { title: 'AudioClip' },
);
/** An uploaded audio clip. */
export type AudioClip = Static<typeof AudioClip>;

/** Paging of GET /v1/audio-clips: newest first, before a cursor. */
export const AudioClipListQuery = Type.Object(
  {
    before: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z]+_[0-9a-z]+$', description: 'Clips older than this clip id' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  },
  { additionalProperties: false },
);
/** Paging of GET /v1/audio-clips. */
export type AudioClipListQuery = Static<typeof AudioClipListQuery>;

/** A page of audio clips, newest first. */
export const AudioClipList = Type.Object({
  object: Type.Literal('list'),
  data: Type.Array(AudioClip),
  hasMore: Type.Boolean(),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as before to continue' }),
});
/** A page of audio clips. */
export type AudioClipList = Static<typeof AudioClipList>;

/** The answer of DELETE /v1/audio-clips/:id. */
export const AudioClipDeleted = Type.Object({ id: Type.String(), object: Type.Literal('audio_clip'), deleted: Type.Literal(true) });
/** The answer of DELETE /v1/audio-clips/:id. */
export type AudioClipDeleted = Static<typeof AudioClipDeleted>;
