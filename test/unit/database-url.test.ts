import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../shared/config/config.js';
import { parseDatabaseUrl } from '../../shared/db/database-url.js';

const cluster = { NATS_URL: 'nats://h:4222', REDIS_URL: 'redis://h:6379' };

describe('DATABASE_URL with several hosts', () => {
  it('is taken as libpq and postgres.js write it, and asks for the server that takes writes', () => {
    const url = 'postgres://sentral:pw@db1:5432,db2:5433/sentral?target_session_attrs=read-write';
    expect(loadConfig({ ...cluster, DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(parseDatabaseUrl(url)).toEqual({ hosts: [{ host: 'db1', port: 5432 }, { host: 'db2', port: 5433 }], targetSessionAttrs: 'read-write' });
  });

  it('asks for read-write when several hosts are named without target_session_attrs, and for nothing with one', () => {
    expect(parseDatabaseUrl('postgresql://u@10.0.0.1,10.0.0.2/db').targetSessionAttrs).toBe('read-write');
    expect(parseDatabaseUrl('postgresql://u@10.0.0.1,10.0.0.2/db').hosts.map((h) => h.port)).toEqual([5432, 5432]);
    expect(parseDatabaseUrl('postgres://u@h/db')).toEqual({ hosts: [{ host: 'h', port: 5432 }], targetSessionAttrs: null });
    expect(parseDatabaseUrl('postgres://u@h1,h2/db?target_session_attrs=primary').targetSessionAttrs).toBe('primary');
    // No host: libpq's default (PGHOST or the local socket), as before.
    expect(parseDatabaseUrl('postgres:///sentral')).toEqual({ hosts: [], targetSessionAttrs: null });
  });

  it.each([
    ['postgres://u@h1,,h2/db', /empty host/],
    ['postgres://u@h1:5432,h2:99999/db', /port 99999 of h2/],
    ['postgres://u@h1,h2:port/db', /"h2:port" is not host or host:port/],
    ['postgres://u@[::1]:5432,h2/db', /IPv6/],
    ['postgres://u@h1,h2/db?target_session_attrs=standby', /read-write or primary/],
    ['postgres://u@h1,h2/db?target_session_attrs=read-only', /read-write or primary/],
    ['mysql://u@h1,h2/db', /postgres: or postgresql:/],
    ['not a url', /postgres: or postgresql:/],
  ])('refuses %s with a message naming DATABASE_URL', (value, why) => {
    let error: unknown;
    try {
      loadConfig({ ...cluster, DATABASE_URL: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe('DATABASE_URL');
    expect((error as Error).message).toMatch(why);
  });

  it('never repeats the password in its message', () => {
    expect(() => loadConfig({ ...cluster, DATABASE_URL: 'postgres://u:s3cret@h1,h2:x/db' })).toThrow(/^(?!.*s3cret)/);
  });
});
