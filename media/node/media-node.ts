import type { KeyObject } from 'node:crypto';
import { join } from 'node:path';
import type { Registry } from 'prom-client';
import type { Bus, Subscription } from '../../shared/bus/bus.js';
import type { Clock } from '../../shared/clock/clock.js';
import type { Config } from '../../shared/config/config.js';
import type { Logger } from '../../shared/log/log.js';
import { newId } from '../../shared/ids/ids.js';
import { MAILBOX_STREAM, MEDIA_NODES_BUCKET } from '../../protocol/bus/bus-names.js';
import { holdMusic } from '../../shared/audio/tones.js';
import { TickClock } from '../clock/tick-clock.js';
import type { TickSource } from '../clock/tick-source.js';
import { ClipStore } from '../clips/clip-store.js';
import { clipFetcher } from '../clips/clip-fetcher.js';
import { syncSimPhones } from '../sim/sim-phone-sync.js';
import { ObjectRecordingStorage, type RecordingStorage } from '../record/recording-storage.js';
import { openRecordingsStore } from '../../shared/objects/recordings-store.js';
import { RoomEndpoint } from '../room/room-endpoint.js';
import type { RoomLeg } from '../room/room-leg.js';
import { closeListenSocket, createApp, listen, type ListenSocket } from '../server/uws.js';
import { SimNetwork } from '../sim/sim-network.js';
import { SpeechSynthesizer } from '../speech/tts.js';
import { createRecognizer } from '../speech/create-recognizer.js';
import type { Recognizer } from '../speech/recognizer.js';
import { serveControl } from './control-server.js';
import { EventPublisher } from './event-publisher.js';
import { MediaEngine, type StreamLegFactory } from './media-engine.js';
import { RtpPortPool } from '../rtp/rtp-port-pool.js';
import { SipAgent } from '../sip/sip-agent.js';
import { offerSipCalls } from '../sip/inbound-offers.js';
import { MediaMetrics } from './media-metrics.js';
import { NodeRegistration } from './node-registration.js';
import { MEDIA_NODE_TTL_MS } from '../../protocol/media/media-node-record.js';
import { installHttpRoutes } from './http-routes.js';
import { drainNode } from './node-drain.js';
import { serveJobTranscriptions } from '../transcription/job-transcriber.js';
import { SessionEndpoint } from '../transcription/session-endpoint.js';
import { reportSession } from '../transcription/session-report.js';

/** The services a media node runs on (a subset of the process's Services: no database). */
export interface MediaServices {
  config: Config;
  clock: Clock;
  log: Logger;
  bus: Bus;
  metrics: Registry;
}

/** Options of a media node beyond its configuration. */
export interface MediaNodeOptions {
  /** Public half of the key room tokens are signed with. */
  roomPublicKey: KeyObject;
  /** Port to listen on instead of config.mediaPort (0 picks a free port). */
  port?: number;
  /** The frame clock (default: the real 20 ms TickClock; tests pass a ManualTick). */
  tick?: TickSource;
  speech?: Pick<SpeechSynthesizer, 'render'>;
  recordings?: RecordingStorage;
  clips?: ClipStore;
  streamLegs?: StreamLegFactory;
  heartbeatMs?: number;
  /** What `/metrics` answers instead of this node's registry (a worker of a host answers the host's metrics). */
  metricsExposition?: () => Promise<string>;
}

/** A running media node. */
export interface MediaNode {
  readonly nodeId: string;
  readonly port: number;
  /** URL room clients connect to (with `?token=`). */
  readonly roomUrl: string;
  /** The simulated telephone network of this node (define phones at runtime here). */
  readonly sim: SimNetwork;
  readonly clips: ClipStore;
  readonly engine: MediaEngine;
  /** Takes no new call, lets the calls go on for `graceMs`, then ends them as service_stopping (node-drain.ts); stop() follows. */
  drain(graceMs: number): Promise<void>;
  /** Deregisters, stops answering, ends every session and closes the server. */
  stop(): Promise<void>;
}

/**
 * Starts a media node: the uWebSockets.js server (room endpoint, /healthz, /metrics), the 20 ms tick,
 * the control operations on `media.<nodeId>`, and the registry entry with its heartbeat.
 */
export async function startMediaNode(services: MediaServices, options: MediaNodeOptions): Promise<MediaNode> {
  const { config, clock, bus } = services;
  const nodeId = config.nodeId ?? newId('node', clock);
  const log = services.log.child({ role: 'media', nodeId });
  // A new run begins when the registry entry lapsed (node-registration.ts).
  let startedAt = clock.now();
  const capacity = config.mediaCapacity;
  const tick = options.tick ?? new TickClock();
  const sim = new SimNetwork();
  const clips = options.clips ?? new ClipStore(join(config.dataDir, 'clips'), clipFetcher(bus));
  // Opened first: a node that cannot reach the store its recordings go to does not start.
  const ownRecordings = options.recordings ? undefined : new ObjectRecordingStorage(await openRecordingsStore(config, `sentral-media-${nodeId}`));
  const recordings = options.recordings ?? ownRecordings!;
  const publisher = new EventPublisher({ bus, clock, log, nodeId, partitions: config.partitions });

  const app = createApp();
  let stopping: Promise<void> | undefined;
  let engine: MediaEngine | undefined;
  let metrics: MediaMetrics | undefined;
  const directory = {
    roomLeg: (callId: string, participantId: string) => engine?.roomLeg(callId, participantId),
    roomLegs: (callId: string) => engine?.roomLegs(callId) ?? [],
    whenRoomLeg: (callId: string, participantId: string, listener: (leg: RoomLeg) => void) => engine?.whenRoomLeg(callId, participantId, listener) ?? (() => undefined),
    roomLegGone: (callId: string, participantId: string) => engine?.roomLegGone(callId, participantId) ?? false,
  };
  const room = new RoomEndpoint({ publicKey: options.roomPublicKey, clock, log, directory });
  room.install(app);
  // Made on the first gather by speech, so a node that never listens starts no recognizer helpers.
  let recognizer: Recognizer | undefined;
  const makeRecognizer = (): Recognizer => (recognizer ??= createRecognizer(config.speech, clock));
  const sessions = new SessionEndpoint({ publicKey: options.roomPublicKey, clock, log, recognizer: makeRecognizer, settle: (report) => reportSession(bus, report) });
  sessions.install(app);
  const listening = await listen(app, config.host, options.port ?? config.mediaPort).catch(async (err: unknown) => {
    await ownRecordings?.store.close();
    throw err;
  });
  const roomUrl = `${(config.mediaPublicUrl ?? `ws://${config.host}:${listening.port}`).replace(/\/$/, '')}/room`;

  // The SIP trunk carrier, when configured: its agent listens beside the node and dials phone legs with carrier sip.
  const sipAgent = config.sip ? SipAgent.start(config.sip, new RtpPortPool(config.sip.listenAddress, ...config.sip.rtpPorts), log.child({ part: 'sip' })) : undefined;
  const speech = options.speech ?? new SpeechSynthesizer();
  // The simulated phones' lines are rendered now, so the first call's greeting is not late.
  void Promise.allSettled(sim.phrases().map((p) => speech.render(p.text, p.voice, 8000)));
  engine = new MediaEngine({
    clock,
    log,
    publish: (callId, body) => void publisher.publish(callId, body),
    sim,
    speech,
    clips,
    recognizer: makeRecognizer,
    recordings,
    holdAudio: holdMusic(),
    roomUrl,
    capacity,
    streamLegs: options.streamLegs,
    sip: sipAgent,
    roomDrop: (direction) => metrics?.roomDrops.inc({ direction }),
    tickDue: () => tick.due(),
    // With no session a tick has nothing to do, and its 50 wake-ups a second were all an idle node cost.
    busy: (busy) => {
      if (!busy) tick.stop();
      else if (stopping === undefined) tick.start(onTick);
    },
  });
  const running = engine;
  const onTick = (): void => running.tick();
  metrics = new MediaMetrics(services.metrics, {
    sessions: () => running.sessionCount,
    legs: () => running.legCount,
    roomConnections: () => room.connections,
    tick: () => (tick instanceof TickClock ? tick : null),
  });
  installHttpRoutes(app, {
    registry: services.metrics,
    status: () => ({ nodeId, sessions: running.sessionCount, legs: running.legCount, capacity }),
    ...(options.metricsExposition ? { exposition: options.metricsExposition } : {}),
  });

  let control: Subscription | undefined;
  let registration: NodeRegistration | undefined;
  let simSync: Subscription | undefined;
  let jobs: Subscription | undefined;
  try {
    await bus.ensureStream({ ...MAILBOX_STREAM, subjects: [...MAILBOX_STREAM.subjects] });
    control = await serveControl({ bus, clock, nodeId, engine, metrics });
    simSync = await syncSimPhones({ bus, sim, log });
    if (sipAgent) await offerSipCalls({ agent: sipAgent, bus, clock, log, nodeId });
    jobs = await serveJobTranscriptions({ bus, log, clips, recordings, recognizer: makeRecognizer });
    const bucket = await bus.kv(MEDIA_NODES_BUCKET, { ttlMs: MEDIA_NODE_TTL_MS });
    registration = new NodeRegistration(
      bucket,
      clock,
      log,
      () => ({
        nodeId,
        roomUrl,
        capacity,
        load: running.legCount,
        sessions: running.sessionCount,
        startedAt,
        heartbeatAt: clock.now(),
        ...(running.isDraining ? { draining: true } : {}),
      }),
      options.heartbeatMs,
      () => {
        // The control plane has ended (or is ending) these calls as media_lost; their sessions go too.
        running.closeAll('media_lost');
        startedAt = clock.now();
      },
    );
    await registration.start();
  } catch (err) {
    await jobs?.stop();
    await simSync?.stop();
    await control?.stop();
    sipAgent?.close();
    closeListenSocket(listening.socket);
    await ownRecordings?.store.close();
    throw err;
  }
  log.info({ port: listening.port, roomUrl, capacity }, 'media node started');

  let draining: Promise<void> | undefined;
  return {
    nodeId,
    port: listening.port,
    roomUrl,
    sim,
    clips,
    engine,
    drain(graceMs) {
      draining ??= drainNode(
        { engine: running, bus, clock, log, partitions: config.partitions, announce: async () => registration?.refresh() },
        graceMs,
      );
      return draining;
    },
    stop() {
      stopping ??= (async () => {
        await registration?.stop();
        await jobs?.stop();
        await simSync?.stop();
        await control?.stop();
        tick.stop();
        running.closeAll('media node stopping');
        await recognizer?.close();
        sipAgent?.close();
        room.closeAll();
        sessions.closeAll();
        closeListenSocket(listening.socket as ListenSocket);
        // The recordings of the sessions just ended finish storing (and report) before the store closes.
        await ownRecordings?.settled();
        await publisher.flush();
        await ownRecordings?.store.close();
        log.info('media node stopped');
      })();
      return stopping;
    },
  };
}
