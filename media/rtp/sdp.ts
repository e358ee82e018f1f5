import { isIP } from 'node:net';
import { G711_PAYLOAD_TYPE, type G711Name } from './g711-codec.js';

/** The payload type the node offers for telephone-event (dynamic range, the common choice). */
export const OFFERED_TELEPHONE_EVENT_PT = 101;

/** Which way media flows, from the describing side's point of view (RFC 3264 §5.1). */
export type MediaDirection = 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';

/** What one side's SDP says about its audio. */
export interface AudioDescription {
  /** Where it receives RTP (IPv4 or IPv6 literal). */
  address: string;
  port: number;
  /** The G.711 codecs it accepts, in its order of preference, with their payload types. */
  codecs: { name: G711Name; payloadType: number }[];
  /** The payload type of telephone-event/8000, or null when it does not do RFC 4733. */
  telephoneEvent: number | null;
  direction: MediaDirection;
}

/** The local side of a leg, as written into SDP. */
export interface LocalAudio {
  address: string;
  port: number;
  /** Session id for the o= line (stable for the leg; the version goes up with each new description). */
  sessionId: string;
  version: number;
  direction?: MediaDirection;
}

const MAX_SDP_BYTES = 16 * 1024;

/** Our offer: PCMU, PCMA and telephone-event 0-15, 20 ms packets. */
export function writeOffer(local: LocalAudio): string {
  return write(local, [
    { name: 'PCMU', payloadType: G711_PAYLOAD_TYPE.PCMU },
    { name: 'PCMA', payloadType: G711_PAYLOAD_TYPE.PCMA },
  ], OFFERED_TELEPHONE_EVENT_PT);
}

/**
 * Our answer to `offer`: the first G.711 codec in the offerer's order, and telephone-event with the
 * offerer's payload type if it offered it; null when the offer has no codec we speak (488).
 */
export function writeAnswer(local: LocalAudio, offer: AudioDescription): { sdp: string; codec: G711Name; telephoneEvent: number | null } | null {
  const codec = offer.codecs[0];
  if (!codec) return null;
  const direction = local.direction ?? answerDirection(offer.direction);
  return { sdp: write({ ...local, direction }, [codec], offer.telephoneEvent), codec: codec.name, telephoneEvent: offer.telephoneEvent };
}

/** The direction that answers an offer's direction (we always can send and receive). */
function answerDirection(offered: MediaDirection): MediaDirection {
  if (offered === 'sendonly') return 'recvonly';
  if (offered === 'recvonly') return 'sendonly';
  return offered;
}

function write(local: LocalAudio, codecs: { name: G711Name; payloadType: number }[], te: number | null): string {
  const ip = isIP(local.address) === 6 ? 'IP6' : 'IP4';
  const pts = codecs.map((c) => c.payloadType);
  if (te !== null) pts.push(te);
  const lines = [
    'v=0',
    `o=sentral ${local.sessionId} ${local.version} IN ${ip} ${local.address}`,
    's=sentral',
    `c=IN ${ip} ${local.address}`,
    't=0 0',
    `m=audio ${local.port} RTP/AVP ${pts.join(' ')}`,
    ...codecs.map((c) => `a=rtpmap:${c.payloadType} ${c.name}/8000`),
    ...(te === null ? [] : [`a=rtpmap:${te} telephone-event/8000`, `a=fmtp:${te} 0-15`]),
    'a=ptime:20',
    `a=${local.direction ?? 'sendrecv'}`,
  ];
  return lines.join('\r\n') + '\r\n';
}

/**
 * Reads the first audio stream of an SDP body; null when there is none we can use (no audio m-line, a
 * port of 0, no address, not RTP/AVP, or no G.711 codec). Never throws on hostile input.
 */
export function parseAudio(sdp: string): AudioDescription | null {
  if (typeof sdp !== 'string' || sdp.length > MAX_SDP_BYTES) return null;
  const lines = sdp.split(/\r?\n/);
  let sessionAddress: string | null = null;
  let sessionDirection: MediaDirection | null = null;
  let media: { port: number; formats: number[]; address: string | null; direction: MediaDirection | null; rtpmap: Map<number, string> } | null = null;
  let inAudio = false;
  for (const line of lines) {
    if (line.length < 2 || line[1] !== '=') continue;
    const type = line[0];
    const value = line.slice(2).trim();
    if (type === 'm') {
      if (media) break; // only the first audio stream
      const parts = value.split(/\s+/);
      inAudio = parts[0] === 'audio' && (parts[2] === 'RTP/AVP' || parts[2] === 'RTP/AVPF');
      if (!inAudio) continue;
      const port = Number(parts[1]?.split('/')[0]);
      if (!Number.isInteger(port) || port < 0 || port > 65535) return null;
      const formats = parts.slice(3).map(Number).filter((n) => Number.isInteger(n) && n >= 0 && n <= 127);
      media = { port, formats, address: null, direction: null, rtpmap: new Map() };
      continue;
    }
    if (type === 'c') {
      const m = /^IN IP[46] ([0-9A-Fa-f.:]+)/.exec(value);
      const address = m && isIP(m[1]!) ? m[1]! : null;
      if (media && inAudio) media.address = address;
      else if (!media) sessionAddress = address;
      continue;
    }
    if (type !== 'a') continue;
    const direction = value === 'sendrecv' || value === 'sendonly' || value === 'recvonly' || value === 'inactive' ? value : null;
    if (!media) {
      if (direction) sessionDirection = direction;
      continue;
    }
    if (!inAudio) continue;
    if (direction) media.direction = direction;
    const map = /^rtpmap:(\d{1,3}) ([A-Za-z0-9_.-]+)\/(\d+)/.exec(value);
    if (map) media.rtpmap.set(Number(map[1]), `${map[2]!.toLowerCase()}/${map[3]}`);
  }
  if (!media || media.port === 0) return null;
  const address = media.address ?? sessionAddress;
  if (!address) return null;
  const codecs: AudioDescription['codecs'] = [];
  let telephoneEvent: number | null = null;
  for (const pt of media.formats) {
    const name = media.rtpmap.get(pt);
    if (name === 'pcmu/8000' || (name === undefined && pt === 0)) codecs.push({ name: 'PCMU', payloadType: pt });
    else if (name === 'pcma/8000' || (name === undefined && pt === 8)) codecs.push({ name: 'PCMA', payloadType: pt });
    else if (name === 'telephone-event/8000' && telephoneEvent === null) telephoneEvent = pt;
  }
  if (codecs.length === 0) return null;
  // c=0.0.0.0 is the old (RFC 2543) way to put a call on hold.
  const held = address === '0.0.0.0';
  return { address, port: media.port, codecs, telephoneEvent, direction: held ? 'inactive' : (media.direction ?? sessionDirection ?? 'sendrecv') };
}
