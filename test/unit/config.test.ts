import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, loadConfig } from '../../shared/config/config.js';

describe('configuration', () => {
  it('defaults to standalone on 127.0.0.1:8080/8081 with insecure targets off', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ mode: 'standalone', host: '127.0.0.1', apiPort: 8080, mediaPort: 8081, allowInsecureTargets: false, prefix: 'sentral', partitions: 64, mediaCapacity: 500 });
    expect(loadConfig({ SENTRAL_MEDIA_CAPACITY: '1200' }).mediaCapacity).toBe(1200);
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
    ['SENTRAL_MEDIA_CAPACITY', '0'],
    ['SENTRAL_MEDIA_CAPACITY', 'lots'],
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

  it('turns traces on with an OTLP/HTTP endpoint and refuses one that is not http(s)', () => {
    expect(loadConfig({}).tracing).toEqual({ endpoint: null, serviceName: null });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SERVICE_NAME: 'api-eu' }).tracing).toEqual({ endpoint: 'http://collector:4318', serviceName: 'api-eu' });
    for (const bad of ['collector:4318', 'grpc://collector:4317', 'http://']) {
      expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: bad })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    }
  });

  it('documents every variable in the README table', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const [name] of configVariables) expect(readme).toContain(`| \`${name}\` |`);
  });
});

describe('NATS cluster configuration', () => {
  const cluster = { DATABASE_URL: 'postgres://x@h/db', REDIS_URL: 'redis://h:6379' };
  const failure = (env: Record<string, string>): ConfigError => {
    try {
      loadConfig(env);
    } catch (err) {
      return err as ConfigError;
    }
    throw new Error('loadConfig accepted it');
  };

  it('takes several comma-separated servers and one replica by default', () => {
    const config = loadConfig({ ...cluster, NATS_URL: 'nats://a:4222, nats://b:4222 ,tls://c:4222' });
    expect(config.natsUrl).toBe('nats://a:4222,nats://b:4222,tls://c:4222');
    expect(config.natsReplicas).toBe(1);
    expect(loadConfig({ ...cluster, NATS_URL: 'nats://a:4222', SENTRAL_NATS_REPLICAS: '3' }).natsReplicas).toBe(3);
    expect(loadConfig({ ...cluster, NATS_URL: 'nats://a:4222', SENTRAL_NATS_REPLICAS: '5' }).natsReplicas).toBe(5);
  });

  it.each([
    ['nats://a:4222,,nats://b:4222', /NATS_URL: server 2 \(""\): not a valid URL/],
    ['nats://a:4222,http://b:4222', /NATS_URL: server 2 \("http:\/\/b:4222"\): expected a nats: or tls: URL/],
    ['nats://a:4222,b c', /NATS_URL: server 2 .*not a valid URL/],
    ['nats://a:4222,nats://a:4222', /NATS_URL: a server is named twice/],
    ['nats://a:4222,', /NATS_URL: server 2/],
  ])('refuses the server list %j, saying which server is wrong', (value, message) => {
    const err = failure({ ...cluster, NATS_URL: value });
    expect(err.variable).toBe('NATS_URL');
    expect(err.message).toMatch(message);
  });

  it.each(['2', '4', '0', '7', 'three', '3.0'])('refuses SENTRAL_NATS_REPLICAS=%s (1, 3 or 5)', (value) => {
    const err = failure({ ...cluster, NATS_URL: 'nats://a:4222', SENTRAL_NATS_REPLICAS: value });
    expect(err.variable).toBe('SENTRAL_NATS_REPLICAS');
    expect(err.message).toContain('expected 1, 3 or 5');
  });

  it('refuses replicas in standalone mode, which has no NATS', () => {
    expect(failure({ SENTRAL_NATS_REPLICAS: '3' }).message).toMatch(/SENTRAL_NATS_REPLICAS: replicas need a NATS cluster/);
  });
});

describe('SIP configuration', () => {
  it('is off without a trunk, and with one takes the defaults the README names', () => {
    expect(loadConfig({}).sip).toBeNull();
    expect(loadConfig({ SENTRAL_SIP_TRUNK: '192.0.2.10' }).sip).toEqual({
      listenAddress: '0.0.0.0',
      listenPort: 5060,
      publicAddress: '127.0.0.1',
      trunk: { host: '192.0.2.10', port: 5060, transport: 'udp' },
      tls: null,
      credentials: null,
      allow: ['192.0.2.10'],
      rtpPorts: [20000, 29999],
      prefixes: ['+'],
      registerSeconds: null,
    });
  });

  it('reads TLS files and refuses tls without them, or with a file that is not there', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sentral-tls-config-'));
    const cert = join(dir, 'c.pem');
    const key = join(dir, 'k.pem');
    writeFileSync(cert, 'x');
    writeFileSync(key, 'x');
    try {
      const base = { SENTRAL_SIP_TRUNK: '192.0.2.10' };
      expect(loadConfig({ ...base, SENTRAL_SIP_TRANSPORT: 'tls', SENTRAL_SIP_TLS_CERT: cert, SENTRAL_SIP_TLS_KEY: key }).sip).toMatchObject({
        trunk: { transport: 'tls' },
        tls: { certFile: cert, keyFile: key, caFile: null, port: 5061 },
      });
      expect(() => loadConfig({ ...base, SENTRAL_SIP_TRANSPORT: 'tls' })).toThrow(/SENTRAL_SIP_TRANSPORT/);
      expect(() => loadConfig({ ...base, SENTRAL_SIP_TLS_CERT: cert })).toThrow(/SENTRAL_SIP_TLS_KEY/);
      expect(() => loadConfig({ ...base, SENTRAL_SIP_TLS_CERT: cert, SENTRAL_SIP_TLS_KEY: join(dir, 'missing.pem') })).toThrow(/SENTRAL_SIP_TLS_KEY/);
      expect(() => loadConfig({ ...base, SENTRAL_SIP_TRANSPORT: 'sctp' })).toThrow(/SENTRAL_SIP_TRANSPORT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads credentials, registration, prefixes and the allow-list', () => {
    const sip = loadConfig({
      SENTRAL_SIP_TRUNK: '192.0.2.10:5080',
      SENTRAL_SIP_TRANSPORT: 'tcp',
      SENTRAL_SIP_USERNAME: 'acme',
      SENTRAL_SIP_PASSWORD: 'pw',
      SENTRAL_SIP_REGISTER: '600',
      SENTRAL_SIP_PREFIXES: '+47, +46',
      SENTRAL_SIP_ALLOW: '192.0.2.0/24,198.51.100.7',
    }).sip!;
    expect(sip).toMatchObject({ trunk: { host: '192.0.2.10', port: 5080, transport: 'tcp' }, credentials: { user: 'acme', password: 'pw' }, registerSeconds: 600, prefixes: ['+47', '+46'], allow: ['192.0.2.0/24', '198.51.100.7'] });
    // A user name alone names the password it lacks.
    expect(() => loadConfig({ SENTRAL_SIP_TRUNK: '192.0.2.10', SENTRAL_SIP_USERNAME: 'acme' })).toThrow(/SENTRAL_SIP_PASSWORD/);
  });

  it.each([
    ['SENTRAL_SIP_REGISTER', '30'],
    ['SENTRAL_SIP_REGISTER', 'always'],
    ['SENTRAL_SIP_PREFIXES', '47'],
    ['SENTRAL_SIP_ALLOW', 'anyone'],
    ['SENTRAL_SIP_RTP_PORTS', '80-90'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ SENTRAL_SIP_TRUNK: '192.0.2.10', [name]: value })).toThrow(new RegExp(name));
  });
});
