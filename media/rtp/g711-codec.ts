import { ALAW_TO_PCM, MULAW_TO_PCM, PCM_TO_ALAW, PCM_TO_MULAW } from '../../shared/audio/g711.js';

/** The G.711 codecs an RTP leg speaks, by their static payload types (RFC 3551). */
export type G711Name = 'PCMU' | 'PCMA';

/** Static payload type of each codec. */
export const G711_PAYLOAD_TYPE: Readonly<Record<G711Name, number>> = { PCMU: 0, PCMA: 8 };

/** One of the G.711 codecs as table look-ups (one per sample, no calls on the hot path). */
export class G711Codec {
  /** The byte of linear silence in this law (what a quiet frame encodes to). */
  readonly silence: number;
  private readonly decodeTable: Int16Array;
  private readonly encodeTable: Uint8Array;

  constructor(readonly name: G711Name) {
    this.decodeTable = name === 'PCMU' ? MULAW_TO_PCM : ALAW_TO_PCM;
    this.encodeTable = name === 'PCMU' ? PCM_TO_MULAW : PCM_TO_ALAW;
    this.silence = this.encodeTable[0]!;
  }

  get payloadType(): number {
    return G711_PAYLOAD_TYPE[this.name];
  }

  /** Encodes `src.length` samples into `dst` from `at`. */
  encode(src: Int16Array, dst: Uint8Array, at = 0): void {
    const table = this.encodeTable;
    for (let i = 0; i < src.length; i++) dst[at + i] = table[src[i]! & 0xffff]!;
  }

  /** Decodes `src` into `dst` from `at`. */
  decode(src: Uint8Array, dst: Int16Array, at = 0): void {
    const table = this.decodeTable;
    for (let i = 0; i < src.length; i++) dst[at + i] = table[src[i]!]!;
  }
}
