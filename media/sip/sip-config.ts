import { isIP } from 'node:net';

/** How the node reaches the SIP trunk and who may send it SIP. */
export interface SipSettings {
  /** Address and port the agent listens on (UDP and TCP). */
  listenAddress: string;
  listenPort: number;
  /** Address written into Via, Contact and SDP (the node's public address behind NAT). */
  publicAddress: string;
  /** The trunk (proxy or registrar) every outbound INVITE goes to. */
  trunk: { host: string; port: number; transport: 'udp' | 'tcp' };
  /** Digest credentials for what the trunk challenges. */
  credentials: { user: string; password: string } | null;
  /** Source addresses SIP is accepted from (IPv4/IPv6 literals or CIDR blocks). */
  allow: string[];
  /** RTP ports, inclusive; [0, 0] lets the system choose. */
  rtpPorts: [number, number];
  /** E.164 prefixes live calls reach over the trunk (default: every number). */
  prefixes?: string[];
}

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
