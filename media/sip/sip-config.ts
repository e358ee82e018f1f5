import { isIP } from 'node:net';
import type { SipConfig } from '../../shared/config/config.js';

/** The SIP agent's settings: the node's configuration, where the prefixes default to every number and registration to none. */
export type SipSettings = Omit<SipConfig, 'prefixes' | 'registerSeconds'> & { prefixes?: string[]; registerSeconds?: number | null };

/** True when `address` is one of `allow`'s addresses or inside one of its CIDR blocks. */
export function allowed(address: string, allow: readonly string[]): boolean {
  const ip = address.startsWith('::ffff:') ? address.slice(7) : address;
  for (const entry of allow) {
    const [base, bits] = entry.split('/');
    if (bits === undefined) {
      if (base === ip) return true;
      continue;
    }
    if (isIP(base!) !== 4 || isIP(ip) !== 4) continue;
    const n = Number(bits);
    const mask = n === 0 ? 0 : (~0 << (32 - n)) >>> 0;
    if (((toInt(base!) & mask) >>> 0) === ((toInt(ip) & mask) >>> 0)) return true;
  }
  return false;
}

function toInt(ip: string): number {
  return ip.split('.').reduce((n, part) => ((n << 8) | Number(part)) >>> 0, 0);
}

/** The URI parameter that makes requests to the trunk (and back to us) use its transport: none for UDP. */
export function transportParam(s: Pick<SipSettings, 'trunk'>): string {
  return s.trunk.transport === 'udp' ? '' : `;transport=${s.trunk.transport}`;
}

/** Our contact URI's host and port for the trunk's transport (the TLS listener for tls). */
export function contactHostPort(s: Pick<SipSettings, 'trunk' | 'tls' | 'publicAddress' | 'listenPort'>): string {
  return `${s.publicAddress}:${s.trunk.transport === 'tls' && s.tls ? s.tls.port : s.listenPort}`;
}
