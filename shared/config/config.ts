import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { ConfigError, flag, hostPort, int, oneOf, port, postgresUrl, text, url, type Env } from './env-readers.js';

export { ConfigError } from './env-readers.js';

/** Every setting of sentral, read from the environment once at start. */
export interface Config {
  /** standalone: embedded PGlite, in-process bus and KV. cluster: PostgreSQL, NATS JetStream, Redis. */
  mode: 'standalone' | 'cluster';
  databaseUrl: string | undefined;
  /** One or several NATS servers, comma-separated (the client tries each and follows the cluster). */
  natsUrl: string | undefined;
  /** SENTRAL_NATS_REPLICAS: replicas of every stream, consumer and KV bucket sentral creates. */
  natsReplicas: NatsReplicas;
  redisUrl: string | undefined;
  dataDir: string;
  host: string;
  apiPort: number;
  mediaPort: number;
  adminToken: string | undefined;
  allowInsecureTargets: boolean;
  logLevel: string;
  /** SENTRAL_ACCESS_LOG: one info line per API request. */
  accessLog: boolean;
  /** Prefix of every bus subject, stream, KV bucket and Redis key: isolates clusters and test runs. */
  prefix: string;
  /**
   * Where recordings are kept: `local`, files under `<dataDir>/recordings` (standalone default); `nats`, the
   * NATS JetStream Object Store every process of the cluster reaches (cluster default).
   */
  recordingsStore: 'local' | 'nats';
  partitions: number;
  /** Webhook attempts one dispatcher keeps in flight. */
  webhookConcurrency: number;
  webhookEndpointConcurrency: number;
  /** Call setups one API process works on at once, and of those what one company may hold (503 overloaded beyond). */
  setupsInFlight: number;
  setupsPerCompany: number;
  /** Public base URL of this node's media endpoints (rooms), when it differs from host:port. */
  mediaPublicUrl: string | undefined;
  nodeId: string | undefined;
  /**
   * Media workers a `sentral media` process runs (threads, each a media node with its own port, clock and
   * sessions): one per core by default in cluster mode; always 1 in standalone mode and with SIP.
   */
  mediaWorkers: number;
  /** Legs one media node (each worker) takes at most before it refuses more (media_capacity_exhausted). */
  mediaCapacity: number;
  /** How long a `sentral media` stopped with SIGTERM lets its calls go on before it ends them (ms). */
  mediaDrainMs: number;
  /** The SIP trunk carrier (docs/sip.md); null when SENTRAL_SIP_TRUNK is unset (calls stay on the simulated network). */
  sip: SipConfig | null;
  /** Speech recognition on media nodes (see docs/speech.md). */
  speech: SpeechConfig;
  /** The SMSC live SMS go to (docs/sms.md); host null: `start` runs the simulated SMSC in-process. */
  smpp: SmppConfig;
  /** How long a message handed to a carrier may go unanswered before its outcome counts as unknown. */
  messagingLeaseMs: number;
  /** Email delivery (docs/email.md). */
  email: EmailConfig;
  /** Letters to digital mailboxes (docs/letters.md). */
  letters: LettersConfig;
  /** OpenTelemetry traces (docs/deploy.md, Traces): off while endpoint is null. */
  tracing: { endpoint: string | null; serviceName: string | null };
}

/** Replica counts JetStream is run with: an odd number, so that a majority survives losing one (three) or two (five). */
export type NatsReplicas = 1 | 3 | 5;

/** How the messaging role binds to the SMSC over SMPP (and what the simulated SMSC accepts). */
export interface SmppConfig {
  host: string | null;
  port: number;
  systemId: string;
  password: string;
  window: number;
  ratePerSecond: number;
}

/** Where email goes and where its bounces come back. */
export interface EmailConfig {
  /** The SMTP relay live email goes through; null: the embedded sink under the data directory. */
  smtpUrl: string | null;
  /** Address and port the bounce listener takes DSNs on; null: no listener. */
  bounceListen: { host: string; port: number } | null;
  /** The host a sender domain's SPF record includes. */
  spfInclude: string;
  /** The host a sender domain's return-path name (bounces.<domain>) is a CNAME of. */
  returnPathHost: string;
  /** Pooled connections kept open to the relay. */
  smtpConnections: number;
  /** Messages per second one sender domain may hand to the relay. */
  perDomainPerSecond: number;
}

/** Where letters go. */
export interface LettersConfig {
  /** Base URL of the digital mailbox service live letters go to; null: the simulated mailbox service. */
  mailboxUrl: string | null;
  /** Port of the simulated mailbox service (0 picks a free port). */
  simPort: number;
}

/** Which recognizer a media node runs and how. */
export interface SpeechConfig {
  recognizer: 'pocketsphinx' | 'openai';
  /** PocketSphinx helper processes per media node. */
  helpers: number;
  /** Base URL of an OpenAI-compatible transcription server (recognizer `openai`). */
  openaiUrl: string | undefined;
  openaiKey: string | undefined;
  openaiModel: string;
}

/** Settings of the SIP trunk carrier: how the node reaches the trunk and who may send it SIP. */
export interface SipConfig {
  /** Address and port the agent listens on (UDP and TCP). */
  listenAddress: string;
  listenPort: number;
  /** Address written into Via, Contact and SDP (the node's public address behind NAT). */
  publicAddress: string;
  /** The trunk (proxy or registrar) every outbound INVITE goes to. */
  trunk: { host: string; port: number; transport: 'udp' | 'tcp' | 'tls' };
  /** TLS: the agent also listens on `port` with this certificate and key (PEM files); `ca` checks the trunk's certificate (default: the system's CAs). */
  tls?: { certFile: string; keyFile: string; caFile: string | null; port: number } | null;
  /** Digest credentials for what the trunk challenges. */
  credentials: { user: string; password: string } | null;
  /** Source addresses SIP is accepted from (IPv4/IPv6 literals or CIDR blocks). */
  allow: string[];
  /** RTP ports, inclusive; [0, 0] lets the system choose. */
  rtpPorts: [number, number];
  /** E.164 prefixes a live call reaches over SIP. */
  prefixes: string[];
  /** Seconds of registration asked of the trunk (REGISTER, refreshed at half); null when it wants none. */
  registerSeconds: number | null;
}

/** The documented environment variables, their defaults and meaning (README's table is made from this). */
export const configVariables = [
  ['DATABASE_URL', '(unset: embedded PGlite)', 'PostgreSQL connection URL; several hosts (postgres://u@h1:5432,h2:5432/db) name a primary and its standbys, and sentral uses the one that takes writes (docs/reliability.md); set all three service URLs for cluster mode'],
  ['NATS_URL', '(unset: in-process bus)', 'NATS server with JetStream, or several comma-separated servers of one cluster, e.g. nats://10.0.0.1:4222,nats://10.0.0.2:4222,nats://10.0.0.3:4222'],
  ['SENTRAL_NATS_REPLICAS', '1', 'Replicas (1, 3 or 5) of every JetStream stream, consumer, KV bucket and object store sentral creates; at most the NATS cluster\'s size (refused at start otherwise); changing it updates existing ones in place (docs/deploy.md)'],
  ['REDIS_URL', '(unset: in-memory)', 'Redis URL, e.g. redis://127.0.0.1:6379'],
  ['SENTRAL_DATA_DIR', './.sentral', 'Embedded database, recordings and audio clips'],
  ['SENTRAL_HOST', '127.0.0.1', 'Address the HTTP and media servers listen on'],
  ['SENTRAL_API_PORT', '8080', 'Control API port (0 picks a free port)'],
  ['SENTRAL_MEDIA_PORT', '8081', 'Media node port (0 picks a free port)'],
  ['SENTRAL_ADMIN_TOKEN', '(standalone: generated on first start)', 'Bearer token of the admin API'],
  ['SENTRAL_ALLOW_INSECURE_TARGETS', '0', '1 allows webhook and stream targets on loopback over http/ws on any port (development, tests)'],
  ['SENTRAL_LOG_LEVEL', 'info', 'pino level: trace, debug, info, warn, error, fatal, silent'],
  ['SENTRAL_ACCESS_LOG', '0', '1 logs one line per API request at info (method, path, status, time, request id)'],
  ['OTEL_EXPORTER_OTLP_ENDPOINT', '(unset: no traces)', 'OTLP/HTTP base URL of an OpenTelemetry collector (e.g. http://127.0.0.1:4318); set, every role sends its spans to <endpoint>/v1/traces, with W3C trace context carried across NATS'],
  ['OTEL_SERVICE_NAME', 'sentral-<role>', 'service.name of the spans this process sends'],
  ['SENTRAL_PREFIX', 'sentral', 'Prefix of bus subjects, streams, KV buckets and Redis keys'],
  ['SENTRAL_RECORDINGS_STORE', '(cluster: nats; standalone: local)', 'Where recordings are kept: nats (the JetStream Object Store, served by every API process) or local (SENTRAL_DATA_DIR/recordings); docs/recordings.md'],
  ['SENTRAL_PARTITIONS', '64', 'Actor partitions (fixed for the life of a cluster)'],
  ['SENTRAL_WEBHOOK_CONCURRENCY', '128', 'Webhook attempts one dispatcher keeps in flight'],
  ['SENTRAL_WEBHOOK_ENDPOINT_CONCURRENCY', '128', 'Webhook attempts one dispatcher keeps in flight to one endpoint; set it below SENTRAL_WEBHOOK_CONCURRENCY so a slow endpoint cannot hold every place (docs/webhooks.md, Fairness between endpoints)'],
  ['SENTRAL_SETUPS_IN_FLIGHT', '128', 'Call setups one API process works on at once; beyond, POST /v1/calls answers 503 overloaded with Retry-After'],
  ['SENTRAL_SETUPS_PER_COMPANY', '48', 'Of those, what one company may hold (one customer\'s burst leaves room for the others\' calls)'],
  ['SENTRAL_MEDIA_PUBLIC_URL', '(ws://host:port)', 'Base URL clients use to reach this media node'],
  ['SENTRAL_NODE_ID', '(generated)', 'Stable id of this media node or worker'],
  ['SENTRAL_MEDIA_WORKERS', '(cluster: one per core; else 1)', 'Media workers of a `sentral media` process, each a node on SENTRAL_MEDIA_PORT + i with its own clock and sessions'],
  ['SENTRAL_MEDIA_CAPACITY', '500', 'Legs each media worker takes at most; the picker sends new calls to the worker with the most room (docs/media.md, Capacity)'],
  ['SENTRAL_MEDIA_DRAIN_SECONDS', '30', '`sentral media` stopped with SIGTERM takes no new call and lets its calls go on this long, then ends them as service_stopping (0-3600; SIGINT stops at once)'],
  ['SENTRAL_SIP_TRUNK', '(unset: no SIP)', 'SIP trunk (proxy) as host or host:port that live calls are dialled through; turns SIP on'],
  ['SENTRAL_SIP_TRANSPORT', 'udp', 'udp, tcp or tls towards the trunk (tls needs SENTRAL_SIP_TLS_CERT and _KEY)'],
  ['SENTRAL_SIP_TLS_CERT', '(unset: no TLS)', 'PEM file of the SIP agent\'s TLS certificate (chain); with SENTRAL_SIP_TLS_KEY the agent also listens for SIP over TLS'],
  ['SENTRAL_SIP_TLS_KEY', '(unset)', 'PEM file of the TLS certificate\'s private key'],
  ['SENTRAL_SIP_TLS_CA', '(the system\'s CAs)', 'PEM file of the CAs the trunk\'s TLS certificate is checked against'],
  ['SENTRAL_SIP_TLS_PORT', '5061', 'Port the SIP agent listens on for TLS'],
  ['SENTRAL_SIP_LISTEN', '0.0.0.0:5060', 'Address and port the media node\'s SIP agent listens on (UDP and TCP)'],
  ['SENTRAL_SIP_PUBLIC_ADDRESS', '(SENTRAL_HOST)', 'Address written into SIP Via/Contact and SDP (the node\'s public address)'],
  ['SENTRAL_SIP_USERNAME', '(unset)', 'Digest user name for what the trunk challenges'],
  ['SENTRAL_SIP_PASSWORD', '(unset)', 'Digest password (never logged)'],
  ['SENTRAL_SIP_ALLOW', '(the trunk\'s address)', 'Comma-separated addresses or IPv4 CIDR blocks SIP is accepted from; others are answered 403'],
  ['SENTRAL_SIP_RTP_PORTS', '20000-29999', 'UDP port range for RTP (a pair per leg)'],
  ['SENTRAL_SIP_PREFIXES', '+', 'Comma-separated E.164 prefixes live calls reach over SIP (test keys always use the simulated network)'],
  ['SENTRAL_SIP_REGISTER', '(unset: no REGISTER)', 'Seconds of registration to ask the trunk for (60-86400; refreshed at half), as SENTRAL_SIP_USERNAME, for trunks that send inbound calls to registered contacts'],
  ['SENTRAL_ADMIN_URL', 'http://127.0.0.1:8080', 'Where `sentral admin` sends its requests (with SENTRAL_ADMIN_TOKEN)'],
  ['SENTRAL_SPEECH_RECOGNIZER', 'pocketsphinx', 'Speech recognizer of media nodes: pocketsphinx (embedded) or openai (an OpenAI-compatible transcription server)'],
  ['SENTRAL_SPEECH_HELPERS', '2', 'PocketSphinx helper processes per media node (utterances decoded at once)'],
  ['SENTRAL_SPEECH_OPENAI_URL', '(unset)', 'Base URL of the OpenAI-compatible transcription server (POST /v1/audio/transcriptions); required with recognizer openai'],
  ['SENTRAL_SPEECH_OPENAI_KEY', '(unset)', 'Bearer key for that server, when it wants one'],
  ['SENTRAL_SPEECH_OPENAI_MODEL', 'whisper-1', 'The model field sent to that server'],
  ['SENTRAL_SMPP_HOST', '(unset: `start` runs the simulated SMSC in-process)', 'SMSC that live SMS are submitted to over SMPP 3.4 (bind_transceiver)'],
  ['SENTRAL_SMPP_PORT', '2775', 'SMSC port; also the port `sentral smsc-sim` listens on'],
  ['SENTRAL_SMPP_SYSTEM_ID', 'sentral', 'SMPP system_id of the bind (and the one the simulated SMSC accepts)'],
  ['SENTRAL_SMPP_PASSWORD', 'sentral', 'SMPP password of the bind (never logged)'],
  ['SENTRAL_SMPP_WINDOW', '10', 'submit_sm waiting for their answer at once'],
  ['SENTRAL_MESSAGING_LEASE_SECONDS', '60', 'How long a message being handed to a carrier may go unanswered; after it (the sender died) it fails as outcome_unknown, never sent twice'],
  ['SENTRAL_SMPP_RATE', '500', 'submit_sm per second at most (ESME_RTHROTTLED pauses submits for a second)'],
  ['SENTRAL_SMTP_URL', '(unset: the embedded sink)', 'SMTP relay live email goes through, smtp://[user:pass@]host:port or smtps://…; unset, email is kept by an embedded SMTP sink under SENTRAL_DATA_DIR/email-sink (the admin API lists it)'],
  ['SENTRAL_BOUNCE_LISTEN', '(unset: no listener)', 'host:port the bounce listener takes delivery reports (DSNs) and complaints on: the MX of the return-path host'],
  ['SENTRAL_EMAIL_SPF_INCLUDE', 'spf.sentral.invalid', 'Host a sender domain\'s SPF record includes (the relay\'s SPF)'],
  ['SENTRAL_EMAIL_RETURN_PATH_HOST', 'bounces.sentral.invalid', 'Host bounces.<sender domain> is a CNAME of (where the bounce listener is reached)'],
  ['SENTRAL_EMAIL_DOMAIN_RATE', '50', 'Messages per second one sender domain may hand to the relay'],
  ['SENTRAL_SMTP_CONNECTIONS', '5', 'Pooled connections a messaging process keeps open to the relay'],
  ['SENTRAL_MAILBOX_URL', '(unset: the simulated mailbox service)', 'Base URL of the digital mailbox service live letters go to'],
  ['SENTRAL_MAILBOX_SIM_PORT', '0', 'Port of the simulated mailbox service (0 picks a free port)'],
] as const;


/** Reads and validates the configuration from `env`; throws ConfigError naming the first wrong variable. */
export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = postgresUrl(env, 'DATABASE_URL');
  const natsUrl = natsServers(env);
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const set = [databaseUrl, natsUrl, redisUrl].filter((v) => v !== undefined).length;
  if (set !== 0 && set !== 3) {
    const missing = [['DATABASE_URL', databaseUrl], ['NATS_URL', natsUrl], ['REDIS_URL', redisUrl]]
      .filter(([, v]) => v === undefined)
      .map(([k]) => k as string);
    throw new ConfigError(missing[0]!, `cluster mode needs DATABASE_URL, NATS_URL and REDIS_URL together; ${missing.join(', ')} unset`);
  }
  const prefix = text(env, 'SENTRAL_PREFIX') ?? 'sentral';
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(prefix)) throw new ConfigError('SENTRAL_PREFIX', 'use 1-32 letters, digits, _ or -');
  const adminToken = text(env, 'SENTRAL_ADMIN_TOKEN');
  if (adminToken !== undefined && adminToken.length < 16) {
    throw new ConfigError('SENTRAL_ADMIN_TOKEN', 'must be at least 16 characters');
  }
  const sip = sipConfig(env, text(env, 'SENTRAL_HOST') ?? '127.0.0.1');
  const mediaWorkers = mediaWorkerCount(env, set === 3, sip !== null);
  const recordingsStore = oneOf(env, 'SENTRAL_RECORDINGS_STORE', ['local', 'nats'], set === 3 ? 'nats' : 'local');
  if (recordingsStore === 'nats' && set !== 3) throw new ConfigError('SENTRAL_RECORDINGS_STORE', 'nats needs cluster mode (DATABASE_URL, NATS_URL and REDIS_URL set)');
  return {
    mode: set === 3 ? 'cluster' : 'standalone',
    databaseUrl,
    natsUrl,
    natsReplicas: natsReplicas(env, natsUrl),
    redisUrl,
    dataDir: resolve(text(env, 'SENTRAL_DATA_DIR') ?? './.sentral'),
    host: text(env, 'SENTRAL_HOST') ?? '127.0.0.1',
    apiPort: port(env, 'SENTRAL_API_PORT', 8080),
    mediaPort: port(env, 'SENTRAL_MEDIA_PORT', 8081),
    adminToken,
    allowInsecureTargets: flag(env, 'SENTRAL_ALLOW_INSECURE_TARGETS'),
    logLevel: oneOf(env, 'SENTRAL_LOG_LEVEL', ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'], 'info'),
    accessLog: flag(env, 'SENTRAL_ACCESS_LOG'),
    prefix,
    recordingsStore,
    partitions: int(env, 'SENTRAL_PARTITIONS', 64, 1, 4096),
    webhookConcurrency: int(env, 'SENTRAL_WEBHOOK_CONCURRENCY', 128, 1, 4096),
    webhookEndpointConcurrency: int(env, 'SENTRAL_WEBHOOK_ENDPOINT_CONCURRENCY', 128, 1, 4096),
    setupsInFlight: int(env, 'SENTRAL_SETUPS_IN_FLIGHT', 128, 1, 100_000),
    setupsPerCompany: int(env, 'SENTRAL_SETUPS_PER_COMPANY', 48, 1, 100_000),
    mediaPublicUrl: url(env, 'SENTRAL_MEDIA_PUBLIC_URL', ['ws:', 'wss:']),
    nodeId: text(env, 'SENTRAL_NODE_ID'),
    sip,
    mediaWorkers,
    mediaCapacity: int(env, 'SENTRAL_MEDIA_CAPACITY', 500, 1, 100_000),
    mediaDrainMs: int(env, 'SENTRAL_MEDIA_DRAIN_SECONDS', 30, 0, 3600) * 1000,
    speech: speechConfig(env),
    smpp: smppConfig(env),
    messagingLeaseMs: int(env, 'SENTRAL_MESSAGING_LEASE_SECONDS', 60, 1, 3600) * 1000,
    email: emailConfig(env),
    letters: { mailboxUrl: url(env, 'SENTRAL_MAILBOX_URL', ['http:', 'https:']) ?? null, simPort: port(env, 'SENTRAL_MAILBOX_SIM_PORT', 0) },
    tracing: { endpoint: url(env, 'OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:']) ?? null, serviceName: text(env, 'OTEL_SERVICE_NAME') ?? null },
  };
}

// NATS clients take a list of seed servers and learn the rest of the cluster from them.
function natsServers(env: Env): string | undefined {
  const v = text(env, 'NATS_URL');
  if (v === undefined) return undefined;
  const servers = v.split(',').map((s) => s.trim());
  for (const [i, server] of servers.entries()) {
    // One server keeps the plain message; in a list, the message says which entry is wrong.
    const which = servers.length > 1 ? `server ${i + 1} (${JSON.stringify(server.slice(0, 80))}): ` : '';
    let parsed: URL;
    try {
      parsed = new URL(server);
    } catch {
      throw new ConfigError('NATS_URL', `${which}not a valid URL`);
    }
    if (!['nats:', 'tls:'].includes(parsed.protocol)) throw new ConfigError('NATS_URL', `${which}expected a nats: or tls: URL`);
  }
  if (new Set(servers).size !== servers.length) throw new ConfigError('NATS_URL', 'a server is named twice');
  return servers.join(',');
}

function natsReplicas(env: Env, natsUrl: string | undefined): NatsReplicas {
  const v = text(env, 'SENTRAL_NATS_REPLICAS');
  if (v === undefined) return 1;
  if (v !== '1' && v !== '3' && v !== '5') throw new ConfigError('SENTRAL_NATS_REPLICAS', `expected 1, 3 or 5, got "${v.slice(0, 20)}"`);
  if (v !== '1' && natsUrl === undefined) throw new ConfigError('SENTRAL_NATS_REPLICAS', 'replicas need a NATS cluster (NATS_URL); standalone mode has one in-process bus');
  return Number(v) as NatsReplicas;
}

function smppConfig(env: Env): SmppConfig {
  return {
    host: text(env, 'SENTRAL_SMPP_HOST') ?? null,
    port: port(env, 'SENTRAL_SMPP_PORT', 2775),
    systemId: text(env, 'SENTRAL_SMPP_SYSTEM_ID') ?? 'sentral',
    password: text(env, 'SENTRAL_SMPP_PASSWORD') ?? 'sentral',
    window: int(env, 'SENTRAL_SMPP_WINDOW', 10, 1, 1000),
    ratePerSecond: int(env, 'SENTRAL_SMPP_RATE', 500, 1, 100_000),
  };
}

function emailConfig(env: Env): EmailConfig {
  const bounce = text(env, 'SENTRAL_BOUNCE_LISTEN');
  const [host, listenPort] = bounce === undefined ? [] : hostPort('SENTRAL_BOUNCE_LISTEN', bounce, 25);
  return {
    smtpUrl: url(env, 'SENTRAL_SMTP_URL', ['smtp:', 'smtps:']) ?? null,
    bounceListen: host === undefined ? null : { host, port: listenPort! },
    spfInclude: text(env, 'SENTRAL_EMAIL_SPF_INCLUDE') ?? 'spf.sentral.invalid',
    returnPathHost: text(env, 'SENTRAL_EMAIL_RETURN_PATH_HOST') ?? 'bounces.sentral.invalid',
    perDomainPerSecond: int(env, 'SENTRAL_EMAIL_DOMAIN_RATE', 50, 1, 100_000),
    smtpConnections: int(env, 'SENTRAL_SMTP_CONNECTIONS', 5, 1, 100),
  };
}

function speechConfig(env: Env): SpeechConfig {
  const recognizer = oneOf(env, 'SENTRAL_SPEECH_RECOGNIZER', ['pocketsphinx', 'openai'] as const, 'pocketsphinx');
  const openaiUrl = url(env, 'SENTRAL_SPEECH_OPENAI_URL', ['http:', 'https:']);
  if (recognizer === 'openai' && openaiUrl === undefined) {
    throw new ConfigError('SENTRAL_SPEECH_OPENAI_URL', 'required when SENTRAL_SPEECH_RECOGNIZER is openai');
  }
  return {
    recognizer,
    helpers: int(env, 'SENTRAL_SPEECH_HELPERS', 2, 1, 64),
    openaiUrl,
    openaiKey: text(env, 'SENTRAL_SPEECH_OPENAI_KEY'),
    openaiModel: text(env, 'SENTRAL_SPEECH_OPENAI_MODEL') ?? 'whisper-1',
  };
}

// Several workers each open their own bus connection (cluster mode only) and the SIP agent binds one port.
function mediaWorkerCount(env: Env, cluster: boolean, sip: boolean): number {
  const explicit = text(env, 'SENTRAL_MEDIA_WORKERS');
  if (explicit === undefined) return cluster && !sip ? availableParallelism() : 1;
  const n = int(env, 'SENTRAL_MEDIA_WORKERS', 1, 1, 256);
  if (n > 1 && !cluster) throw new ConfigError('SENTRAL_MEDIA_WORKERS', 'standalone mode runs one media worker (its bus is in the process)');
  if (n > 1 && sip) throw new ConfigError('SENTRAL_MEDIA_WORKERS', 'a media node with SIP runs one worker (the SIP agent listens on one port)');
  return n;
}

function sipConfig(env: Env, host: string): SipConfig | null {
  const trunk = text(env, 'SENTRAL_SIP_TRUNK');
  if (trunk === undefined) return null;
  const [trunkHost, trunkPort] = hostPort('SENTRAL_SIP_TRUNK', trunk, 5060);
  const [listenAddress, listenPort] = hostPort('SENTRAL_SIP_LISTEN', text(env, 'SENTRAL_SIP_LISTEN') ?? '0.0.0.0:5060', 5060);
  if (isIP(listenAddress) === 0) throw new ConfigError('SENTRAL_SIP_LISTEN', 'expected an IP address and port');
  const publicAddress = text(env, 'SENTRAL_SIP_PUBLIC_ADDRESS') ?? host;
  if (isIP(publicAddress) === 0) throw new ConfigError('SENTRAL_SIP_PUBLIC_ADDRESS', 'expected an IP address');
  const user = text(env, 'SENTRAL_SIP_USERNAME');
  const password = text(env, 'SENTRAL_SIP_PASSWORD');
  if ((user === undefined) !== (password === undefined)) throw new ConfigError(user === undefined ? 'SENTRAL_SIP_USERNAME' : 'SENTRAL_SIP_PASSWORD', 'set the user name and password together');
  const allowText = text(env, 'SENTRAL_SIP_ALLOW');
  const allow = allowText === undefined ? [trunkHost] : allowText.split(',').map((a) => a.trim()).filter((a) => a !== '');
  for (const a of allow) {
    const [ip, bits] = a.split('/');
    if (isIP(ip!) === 0 || (bits !== undefined && (isIP(ip!) !== 4 || !/^\d+$/.test(bits) || Number(bits) > 32))) {
      throw new ConfigError(allowText === undefined ? 'SENTRAL_SIP_TRUNK' : 'SENTRAL_SIP_ALLOW', allowText === undefined ? 'a trunk given by name needs SENTRAL_SIP_ALLOW' : `"${a}" is not an address or IPv4 CIDR block`);
    }
  }
  const range = /^(\d+)-(\d+)$/.exec(text(env, 'SENTRAL_SIP_RTP_PORTS') ?? '20000-29999');
  const rtpPorts: [number, number] = range ? [Number(range[1]), Number(range[2])] : [-1, -1];
  if (!range || rtpPorts[0] < 1024 || rtpPorts[1] > 65535 || rtpPorts[1] - rtpPorts[0] < 1) throw new ConfigError('SENTRAL_SIP_RTP_PORTS', 'expected first-last within 1024-65535');
  const transport = oneOf(env, 'SENTRAL_SIP_TRANSPORT', ['udp', 'tcp', 'tls'], 'udp');
  const tls = sipTls(env);
  if (transport === 'tls' && tls === null) throw new ConfigError('SENTRAL_SIP_TRANSPORT', 'tls needs SENTRAL_SIP_TLS_CERT and SENTRAL_SIP_TLS_KEY');
  const prefixes = (text(env, 'SENTRAL_SIP_PREFIXES') ?? '+').split(',').map((p) => p.trim());
  if (prefixes.some((p) => !/^\+[0-9]{0,14}$/.test(p))) throw new ConfigError('SENTRAL_SIP_PREFIXES', 'expected E.164 prefixes such as +47,+46');
  return {
    listenAddress,
    listenPort,
    publicAddress,
    trunk: { host: trunkHost, port: trunkPort, transport },
    tls,
    credentials: user !== undefined && password !== undefined ? { user, password } : null,
    allow,
    rtpPorts,
    prefixes,
    registerSeconds: text(env, 'SENTRAL_SIP_REGISTER') === undefined ? null : int(env, 'SENTRAL_SIP_REGISTER', 3600, 60, 86_400),
  };
}

// The files are read when the agent starts (so the key is never part of the configuration); here they must exist.
function sipTls(env: Env): SipConfig['tls'] {
  const certFile = text(env, 'SENTRAL_SIP_TLS_CERT');
  const keyFile = text(env, 'SENTRAL_SIP_TLS_KEY');
  if (certFile === undefined && keyFile === undefined) return null;
  if (certFile === undefined || keyFile === undefined) throw new ConfigError(certFile === undefined ? 'SENTRAL_SIP_TLS_CERT' : 'SENTRAL_SIP_TLS_KEY', 'set the certificate and its key together');
  const caFile = text(env, 'SENTRAL_SIP_TLS_CA') ?? null;
  for (const [name, file] of [['SENTRAL_SIP_TLS_CERT', certFile], ['SENTRAL_SIP_TLS_KEY', keyFile], ['SENTRAL_SIP_TLS_CA', caFile]] as const) {
    if (file !== null && !existsSync(file)) throw new ConfigError(name, `no file at ${file}`);
  }
  return { certFile, keyFile, caFile, port: int(env, 'SENTRAL_SIP_TLS_PORT', 5061, 1, 65535) };
}
