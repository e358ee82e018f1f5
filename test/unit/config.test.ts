import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, loadConfig } from '../../shared/config/config.js';

describe('configuration', () => {
  it('defaults to standalone on 127.0.0.1:8080/8081 with insecure targets off', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ mode: 'standalone', host: '127.0.0.1', apiPort: 8080, mediaPort: 8081, allowInsecureTargets: false, prefix: 'sentral', partitions: 64 });
    expect(config.dataDir).toMatch(/\.sentral$/);
  });

  it('is cluster mode when all three service URLs are set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://x@h/db', NATS_URL: 'nats://h:4222', REDIS_URL: 'redis://h:6379' });
    expect(config.mode).toBe('cluster');
  });

  it('refuses a partial cluster configuration, naming a missing variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x@h/db' })).toThrow(/NATS_URL/);
  });

  it.each([
    ['SENTRAL_API_PORT', 'eighty'],
    ['SENTRAL_API_PORT', '70000'],
    ['SENTRAL_MEDIA_PORT', '-1'],
    ['SENTRAL_ALLOW_INSECURE_TARGETS', 'yes'],
    ['SENTRAL_LOG_LEVEL', 'loud'],
    ['SENTRAL_PARTITIONS', '0'],
    ['SENTRAL_PREFIX', 'has space'],
    ['SENTRAL_ADMIN_TOKEN', 'short'],
    ['DATABASE_URL', 'not a url'],
    ['NATS_URL', 'http://h:4222'],
  ])('stops with a message naming %s when it is %j', (variable, value) => {
    let error: unknown;
    try {
      loadConfig({ [variable]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as Error).message).toContain(variable);
  });

  it('turns insecure targets on only with 1 or true', () => {
    expect(loadConfig({ SENTRAL_ALLOW_INSECURE_TARGETS: '1' }).allowInsecureTargets).toBe(true);
    expect(loadConfig({ SENTRAL_ALLOW_INSECURE_TARGETS: '0' }).allowInsecureTargets).toBe(false);
  });

  it('documents every variable in the README table', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const [name] of configVariables) expect(readme).toContain(`| \`${name}\` |`);
  });
});
