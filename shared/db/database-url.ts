/**
 * DATABASE_URL as libpq and postgres.js read it: one host, or several for a primary and its standbys
 * (`postgres://user@h1:5432,h2:5432/db?target_session_attrs=read-write`). A connection tries the hosts in
 * turn and keeps the first that takes writes, so after a standby is promoted the pool finds the new
 * primary by itself. sentral writes, so with several hosts it always asks for a server that takes writes
 * (read-write when the URL says nothing; `primary` is accepted too), never for a standby.
 */

/** One host of the URL. */
export interface DatabaseHost {
  host: string;
  port: number;
}

/** What the URL names. */
export interface DatabaseUrl {
  /** Empty when the URL names no host (libpq's default applies). */
  hosts: DatabaseHost[];
  /** target_session_attrs to connect with: the URL's, else read-write with several hosts, else none. */
  targetSessionAttrs: 'read-write' | 'primary' | null;
}

/** The values of target_session_attrs under which every session takes writes. */
const WRITABLE_TARGETS = ['read-write', 'primary'] as const;

/** Reads a PostgreSQL URL; throws an Error saying what is wrong (the message never repeats a password). */
export function parseDatabaseUrl(text: string): DatabaseUrl {
  const scheme = /^(postgres|postgresql):\/\//.exec(text);
  if (!scheme) throw new Error('expected a postgres: or postgresql: URL');
  const rest = text.slice(scheme[0].length);
  const authority = rest.split(/[/?#]/)[0]!;
  const hostList = authority.slice(authority.lastIndexOf('@') + 1);
  // No host at all (postgres:///db) is libpq's default: PGHOST or the local socket.
  const hosts = hostList === '' ? [] : hostList.split(',').map(readHost);
  let url: URL;
  try {
    // The rest (user, database, parameters) is an ordinary URL once one host stands for the list.
    url = new URL(hostList === '' ? text : text.replace(hostList, hostList.split(',')[0]!));
  } catch {
    throw new Error('not a valid URL');
  }
  const given = url.searchParams.get('target_session_attrs');
  if (given !== null && !(WRITABLE_TARGETS as readonly string[]).includes(given)) {
    throw new Error(`target_session_attrs must be read-write or primary (sentral writes), not "${given}"`);
  }
  const targetSessionAttrs = (given as DatabaseUrl['targetSessionAttrs']) ?? (hosts.length > 1 ? 'read-write' : null);
  return { hosts, targetSessionAttrs };
}

function readHost(entry: string): DatabaseHost {
  const match = /^([A-Za-z0-9._%-]+)(?::(\d{1,5}))?$/.exec(entry);
  if (!match) {
    const why = entry === '' ? 'an empty host' : entry.startsWith('[') ? 'IPv6 literals are not supported; use a host name' : `"${entry.slice(0, 64)}" is not host or host:port`;
    throw new Error(`not a valid URL: ${why}`);
  }
  const port = match[2] === undefined ? 5432 : Number(match[2]);
  if (port < 1 || port > 65535) throw new Error(`not a valid URL: port ${match[2]} of ${match[1]} is not 1-65535`);
  return { host: match[1]!, port };
}
