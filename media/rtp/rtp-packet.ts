/** The fixed RTP header (RFC 3550 §5.1) without CSRCs or extension: what the node sends. */
export const RTP_HEADER_BYTES = 12;

/** A received RTP packet: the fields the leg uses and a view of its payload (no copy). */
export interface RtpPacket {
  payloadType: number;
  marker: boolean;
  sequence: number;
  timestamp: number;
  ssrc: number;
  payload: Uint8Array;
}

/**
 * Parses one datagram as RTP version 2; null for anything else (too short, wrong version, CSRC list or
 * extension running past the end, padding larger than the payload, an RTCP packet type). Never throws.
 */
export function parseRtp(data: Uint8Array): RtpPacket | null {
  if (data.length < RTP_HEADER_BYTES) return null;
  const b0 = data[0]!;
  const b1 = data[1]!;
  if (b0 >> 6 !== 2) return null;
  // RTCP shares the port in rtcp-mux setups: packet types 200..204 land on payload types 72..76 with marker.
  if (b1 >= 200 && b1 <= 204) return null;
  let offset = RTP_HEADER_BYTES + (b0 & 0x0f) * 4;
  if (offset > data.length) return null;
  if (b0 & 0x10) {
    if (offset + 4 > data.length) return null;
    const words = (data[offset + 2]! << 8) | data[offset + 3]!;
    offset += 4 + words * 4;
    if (offset > data.length) return null;
  }
  let end = data.length;
  if (b0 & 0x20) {
    const pad = data[data.length - 1]!;
    if (pad === 0 || offset + pad > end) return null;
    end -= pad;
  }
  return {
    payloadType: b1 & 0x7f,
    marker: (b1 & 0x80) !== 0,
    sequence: (data[2]! << 8) | data[3]!,
    timestamp: ((data[4]! << 24) | (data[5]! << 16) | (data[6]! << 8) | data[7]!) >>> 0,
    ssrc: ((data[8]! << 24) | (data[9]! << 16) | (data[10]! << 8) | data[11]!) >>> 0,
    payload: data.subarray(offset, end),
  };
}

/** Writes a 12-byte RTP header into `out` (which holds the payload after it). */
export function writeRtpHeader(out: Uint8Array, h: { payloadType: number; marker: boolean; sequence: number; timestamp: number; ssrc: number }): void {
  out[0] = 0x80;
  out[1] = (h.marker ? 0x80 : 0) | (h.payloadType & 0x7f);
  out[2] = (h.sequence >> 8) & 0xff;
  out[3] = h.sequence & 0xff;
  out[4] = (h.timestamp >>> 24) & 0xff;
  out[5] = (h.timestamp >>> 16) & 0xff;
  out[6] = (h.timestamp >>> 8) & 0xff;
  out[7] = h.timestamp & 0xff;
  out[8] = (h.ssrc >>> 24) & 0xff;
  out[9] = (h.ssrc >>> 16) & 0xff;
  out[10] = (h.ssrc >>> 8) & 0xff;
  out[11] = h.ssrc & 0xff;
}

/** `a - b` for 16-bit sequence numbers, in -32768..32767 (wrap-around aware). */
export function sequenceDelta(a: number, b: number): number {
  return (((a - b) & 0xffff) << 16) >> 16;
}

/** `a - b` for 32-bit RTP timestamps, as a signed 32-bit number (wrap-around aware). */
export function timestampDelta(a: number, b: number): number {
  return (a - b) | 0;
}
