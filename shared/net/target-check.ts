import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { SentralError } from '../errors/sentral-error.js';

// Customers name URLs the service then calls: without these checks a webhook or stream could reach the
// service's own network (SSRF). Every address the host resolves to must be public.

/** Resolves a host name to all its addresses (injectable for tests). */
export type Resolver = (host: string) => Promise<string[]>;

/** Options of `checkTarget`. */
export interface TargetCheckOptions {
  /** SENTRAL_ALLOW_INSECURE_TARGETS: loopback over plain http/ws on any port is allowed (and only loopback). */
  allowInsecure: boolean;
  /** webhook: https URLs. stream: wss URLs (or the https URL of its endpoint, dialled as wss). */
  kind: 'webhook' | 'stream';
  lookup?: Resolver;
}

/** Longest target URL accepted. */
export const MAX_TARGET_URL_LENGTH = 2048;

const SECURE_PROTOCOLS = { webhook: ['https:'], stream: ['wss:', 'https:'] } as const;
const INSECURE_PROTOCOLS = { webhook: ['https:', 'http:'], stream: ['wss:', 'https:', 'ws:', 'http:'] } as const;

/** What an address is, for the purpose of deciding whether the service may connect to it. */
export type AddressClass = 'public' | 'loopback' | 'blocked';

/** A target URL that passed the check, and the address it was checked at: connect there and nowhere else. */
export interface CheckedTarget {
  url: URL;
  /** The resolved (or literal) address that was checked; pinned for the connection (see pinnedLookup). */
  address: string;
  family: 4 | 6;
}

/**
 * Checks a customer's target URL and the addresses its host resolves to now. Returns the parsed URL, or
 * throws SentralError `invalid_target_url` with a message that says what is wrong. Call it when the URL
 * is saved; before each connection call `resolveTarget` and connect to the address it checked.
 */
export async function checkTarget(url: string, options: TargetCheckOptions): Promise<URL> {
  return (await resolveTarget(url, options)).url;
}

/**
 * `checkTarget` that also returns the checked address, for a connection pinned to it: a DNS answer that
 * changes between the check and the connect (rebinding) cannot send the connection elsewhere.
 */
export async function resolveTarget(url: string, options: TargetCheckOptions): Promise<CheckedTarget> {
  if (typeof url !== 'string' || url.length === 0) throw invalid('The target URL is required.');
  if (url.length > MAX_TARGET_URL_LENGTH) throw invalid(`The target URL is longer than ${MAX_TARGET_URL_LENGTH} characters.`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid('The target URL is not a valid absolute URL.');
  }
  const protocols: readonly string[] = (options.allowInsecure ? INSECURE_PROTOCOLS : SECURE_PROTOCOLS)[options.kind];
  if (!protocols.includes(parsed.protocol)) {
    throw invalid(`The target URL must use ${SECURE_PROTOCOLS[options.kind].join(' or ')}.${!options.allowInsecure && isLoopbackName(parsed.hostname) ? LOOPBACK_HINT : ''}`);
  }
  if (parsed.username !== '' || parsed.password !== '') throw invalid('The target URL must not contain credentials.');
  if (parsed.hash !== '') throw invalid('The target URL must not contain a fragment.');
  const host = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname;
  if (host === '') throw invalid('The target URL has no host.');

  const addresses = isIP(host) ? [host] : await resolveAll(host, options.lookup ?? defaultResolver);
  const classes = addresses.map(classifyAddress);
  const checked = { url: parsed, address: addresses[0]!, family: isIP(addresses[0]!) === 6 ? 6 : 4 } as const;
  const allLoopback = classes.every((c) => c === 'loopback');
  if (options.allowInsecure && allLoopback) return checked;
  if (classes.some((c) => c !== 'public')) {
    throw invalid(`The target host ${host} resolves to a private, loopback or reserved address.${allLoopback ? LOOPBACK_HINT : ''}`);
  }
  // The URL parser drops a default port, so any port left over is a non-default one.
  if (parsed.port !== '' || parsed.protocol === 'http:' || parsed.protocol === 'ws:') {
    throw invalid('The target URL must use port 443 with TLS.');
  }
  return checked;
}

// A refused loopback target is nearly always a developer's local server: say how to allow it.
const LOOPBACK_HINT = ' In development, start sentral with SENTRAL_ALLOW_INSECURE_TARGETS=1 to allow loopback targets over http/ws on any port.';

/** True for `localhost` and loopback address literals (before any DNS lookup). */
function isLoopbackName(hostname: string): boolean {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && classifyAddress(host) === 'loopback';
}

/** Classifies an IPv4 or IPv6 address; anything unparsable is `blocked`. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.includes('%') ? address.slice(0, address.indexOf('%')) : address;
  const kind = isIP(bare);
  if (kind === 4) return classifyV4(parseV4(bare));
  if (kind === 6) return classifyV6(parseV6(bare));
  return 'blocked';
}

async function defaultResolver(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
}

async function resolveAll(host: string, resolver: Resolver): Promise<string[]> {
  let addresses: string[];
  try {
    addresses = await resolver(host);
  } catch {
    throw invalid(`The target host ${host} does not resolve.`);
  }
  if (addresses.length === 0) throw invalid(`The target host ${host} does not resolve.`);
  return addresses;
}

function invalid(message: string): SentralError {
  return new SentralError('invalid_target_url', { message, param: 'url' });
}

type Cidr = readonly [prefix: readonly number[], bits: number];

// Special-purpose IPv4 ranges (IANA registry) the service never calls.
const BLOCKED_V4: readonly Cidr[] = [
  [[0, 0, 0, 0], 8], // "this network", unspecified
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // CGNAT
  [[169, 254, 0, 0], 16], // link-local, cloud metadata
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 0, 2, 0], 24],
  [[192, 88, 99, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved and broadcast
];

const BLOCKED_V6: readonly Cidr[] = [
  [[0x01, 0x00], 64], // discard-only 100::/64
  [[0x20, 0x01, 0x00, 0x00], 23], // IETF protocol assignments (Teredo, checked before, by its addresses)
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0xfc], 7], // unique local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
];

function classifyV4(bytes: number[]): AddressClass {
  if (bytes[0] === 127) return 'loopback';
  return BLOCKED_V4.some((c) => inCidr(bytes, c)) ? 'blocked' : 'public';
}

function classifyV6(bytes: number[]): AddressClass {
  const zeros = (from: number, to: number): boolean => bytes.slice(from, to).every((b) => b === 0);
  const ones = (at: number): boolean => bytes[at] === 0xff && bytes[at + 1] === 0xff;
  if (zeros(0, 15) && bytes[15] === 1) return 'loopback';
  if (zeros(0, 16)) return 'blocked';
  // IPv4-mapped ::ffff:0:0/96: the socket connects to the IPv4 address itself, loopback included.
  if (zeros(0, 10) && ones(10)) return classifyV4(bytes.slice(12));
  // Every other form that carries an IPv4 address reaches it through a translator or tunnel: public only
  // when each embedded address is public.
  const embedded = embeddedV4(bytes);
  if (embedded !== null) return embedded.every((v4) => classifyV4(v4) === 'public') ? 'public' : 'blocked';
  return BLOCKED_V6.some((c) => inCidr(bytes, c)) ? 'blocked' : 'public';
}

// The IPv4 addresses an IPv6 address carries, by its form; null when it carries none.
function embeddedV4(bytes: number[]): number[][] | null {
  const zeros = (from: number, to: number): boolean => bytes.slice(from, to).every((b) => b === 0);
  // IPv4-compatible ::/96 (deprecated) and IPv4-translated ::ffff:0:0:0/96 (SIIT).
  if (zeros(0, 12)) return [bytes.slice(12)];
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)) return [bytes.slice(12)];
  // NAT64: the well-known prefix 64:ff9b::/96 carries the address in the last 32 bits. The local-use
  // 64:ff9b:1::/48 (RFC 8215) may be cut into a /48, /56, /64 or /96 translator prefix, each placing the
  // address differently (RFC 6052 2.2, skipping bits 64-71): every placement is read.
  if (inCidr(bytes, [[0x00, 0x64, 0xff, 0x9b], 96])) return [bytes.slice(12)];
  if (inCidr(bytes, [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48])) {
    return [[6, 7, 9, 10], [7, 9, 10, 11], [9, 10, 11, 12], [12, 13, 14, 15]].map((at) => at.map((i) => bytes[i]!));
  }
  // 6to4 2002::/16: the relay's IPv4 address follows the prefix.
  if (inCidr(bytes, [[0x20, 0x02], 16])) return [bytes.slice(2, 6)];
  // Teredo 2001::/32: the server's address, and the client's as the inverted last 32 bits.
  if (inCidr(bytes, [[0x20, 0x01, 0x00, 0x00], 32])) return [bytes.slice(4, 8), bytes.slice(12).map((b) => b ^ 0xff)];
  return null;
}

function inCidr(bytes: readonly number[], [prefix, bits]: Cidr): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function parseV4(text: string): number[] {
  return text.split('.').map(Number);
}

// Only called on text node:net already accepted as IPv6.
function parseV6(text: string): number[] {
  let head = text;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const v4 = parseV4(text.slice(lastColon + 1));
    tail = [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
    head = text.slice(0, lastColon + 1);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const [left, right] = head.includes('::') ? head.split('::') : [head, undefined];
  const words = (part: string | undefined): number[] => (part ? part.split(':').filter((w) => w !== '').map((w) => parseInt(w, 16)) : []);
  const l = words(left);
  const r = words(right);
  const fill = right === undefined ? [] : new Array<number>(8 - l.length - r.length - tail.length).fill(0);
  const all = [...l, ...fill, ...r, ...tail];
  return all.flatMap((w) => [w >> 8, w & 0xff]);
}
