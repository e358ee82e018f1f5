import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { registerBodyParsers } from '../plugins/body-parsers.js';
import { registerAccessLog } from '../plugins/access-log.js';
import { registerHttpMetrics } from '../plugins/http-metrics.js';
import { registerHttpTracing } from '../plugins/http-tracing.js';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { Services } from '../../../shared/services/services.js';
import { newId } from '../../../shared/ids/ids.js';
import type { TokenBucketSpec } from '../../../shared/kv/hot-store.js';
import { registerRequestId } from '../plugins/request-id.js';
import { frameworkErrorHandler, registerErrorHandler } from '../plugins/error-handler.js';
import { registerAuth } from '../plugins/auth.js';
import { registerInputGuard } from '../plugins/input-guard.js';
import { registerRateLimit } from '../plugins/rate-limit.js';
import { registerIdempotency, startIdempotencyReaper } from '../plugins/idempotency.js';
import { registerOpenApi } from '../plugins/openapi.js';
import { healthRoutes, type Readiness } from '../routes/health.js';
import { profileRoutes } from '../routes/profiles.js';
import { apiKeyRoutes } from '../routes/api-keys.js';
import { consoleSessionRoutes } from '../routes/console-sessions.js';
import { consolePageRoutes } from '../routes/console-page.js';
import { adminCompanyRoutes } from '../routes/admin-companies.js';
import { adminNumberRoutes } from '../routes/admin-numbers.js';
import { numberRoutes } from '../routes/numbers.js';
import { usageRoutes } from '../routes/usage.js';
import { priceRoutes } from '../routes/prices.js';
import { webhookEndpointRoutes } from '../routes/webhook-endpoints.js';
import { eventRoutes } from '../routes/events.js';
import { audioClipRoutes } from '../routes/audio-clips.js';
import { adminSimRoutes } from '../routes/admin-sim.js';
import { callRoutes } from '../routes/calls.js';
import { callParticipantRoutes } from '../routes/call-participants.js';
import { callActionRoutes } from '../routes/call-actions.js';
import { streamRoutes } from '../routes/streams.js';
import { recordingRoutes } from '../routes/recordings.js';
import { transcriptionJobRoutes } from '../routes/transcription-jobs.js';
import { messageChannelRoutes } from '../routes/message-channels.js';
import { smsRoutes } from '../routes/sms.js';
import { smsSenderRoutes } from '../routes/sms-senders.js';
import { suppressionRoutes } from '../routes/suppressions.js';
import { adminSimSmsRoutes } from '../routes/admin-sim-sms.js';
import { queueRoutes } from '../routes/queues.js';
import { transcriptionSessionRoutes } from '../routes/transcription-sessions.js';
import { contactRoutes } from '../routes/contacts.js';
import { contactListRoutes } from '../routes/contact-lists.js';
import { templateRoutes } from '../routes/templates.js';
import { campaignRoutes } from '../routes/campaigns.js';
import { docsPageRoutes } from '../routes/docs-page.js';
import { phonePageRoutes } from '../routes/phone-page.js';
import { emailRoutes } from '../routes/email.js';
import { letterRoutes } from '../routes/letters.js';
import { emailDomainRoutes } from '../routes/email-domains.js';
import { adminEmailSinkRoutes } from '../routes/admin-email-sink.js';
import { adminSimMailboxRoutes } from '../routes/admin-sim-mailboxes.js';
import type { DnsResolver } from '../../messaging/email/domain-records.js';
import '../route-config.js';

/** Options of the API server. */
export interface ApiServerOptions {
  /** Readiness of the process's parts for GET /readyz (default: always ready). */
  readiness?: () => Promise<Readiness>;
  /** Largest accepted body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Per-key token bucket (default 100/s, burst 200). */
  rateLimit?: TokenBucketSpec;
  /** Per-company token bucket over all its keys (default: twice the key bucket). */
  companyRateLimit?: TokenBucketSpec;
  /** Reap expired idempotency records every this many ms on the services' clock (default 60 s; 0: never). */
  reaperIntervalMs?: number;
  /** On close, how long in-flight requests may finish before every connection is cut (default 10 s). */
  closeGraceMs?: number;
  /** DNS lookups of sender domain verification (default: the system resolver). */
  dnsResolver?: DnsResolver;
}

/** The API server: fastify with TypeBox validation, the shared plugins and every route. */
export async function buildApiServer(services: Services, options: ApiServerOptions = {}): Promise<FastifyInstance> {
  // Plain-typed: the plugins take any instance; routes get TypeBox types from their own plugin type.
  const app = Fastify({
    loggerInstance: services.log,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    genReqId: () => newId('req', services.clock),
    requestIdHeader: false,
    exposeHeadRoutes: false,
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
    // Fastify's two lines per request are noise at the default level; SENTRAL_ACCESS_LOG=1 gives one.
    logController: new LogController({ disableRequestLogging: true }),
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  registerBodyParsers(app);

  registerRequestId(app);
  if (services.config.accessLog) registerAccessLog(app);
  registerHttpMetrics(app, services.metrics);
  registerHttpTracing(app);
  registerErrorHandler(app);
  registerAuth(app, services);
  registerInputGuard(app);
  registerRateLimit(app, services, options.rateLimit, options.companyRateLimit);
  registerIdempotency(app, services);
  await registerOpenApi(app);

  // Routes: one line per resource file; each route's config declares its auth, scope and idempotency.
  await app.register(healthRoutes, { services, ...(options.readiness ? { readiness: options.readiness } : {}) });
  await app.register(profileRoutes, { services });
  await app.register(apiKeyRoutes, { services });
  await app.register(consoleSessionRoutes, { services });
  await app.register(adminCompanyRoutes, { services });
  await app.register(adminNumberRoutes, { services });
  await app.register(numberRoutes, { services });
  await app.register(usageRoutes, { services });
  await app.register(priceRoutes, { services });
  await app.register(webhookEndpointRoutes, { services });
  await app.register(eventRoutes, { services });
  await app.register(audioClipRoutes, { services });
  await app.register(adminSimRoutes, { services });
  await app.register(callRoutes, { services });
  await app.register(callParticipantRoutes, { services });
  await app.register(callActionRoutes, { services });
  await app.register(queueRoutes, { services });
  await app.register(streamRoutes, { services });
  await app.register(recordingRoutes, { services });
  await app.register(transcriptionJobRoutes, { services });
  await app.register(transcriptionSessionRoutes, { services });
  await app.register(contactRoutes, { services });
  await app.register(contactListRoutes, { services });
  await app.register(templateRoutes, { services });
  await app.register(messageChannelRoutes, { services });
  await app.register(smsRoutes, { services });
  await app.register(emailRoutes, { services });
  await app.register(letterRoutes, { services });
  await app.register(emailDomainRoutes, { services, ...(options.dnsResolver ? { resolver: options.dnsResolver } : {}) });
  await app.register(adminEmailSinkRoutes, { services });
  await app.register(smsSenderRoutes, { services });
  await app.register(suppressionRoutes, { services });
  await app.register(adminSimSmsRoutes, { services });
  await app.register(campaignRoutes, { services });
  await app.register(adminSimMailboxRoutes, { services });
  await app.register(docsPageRoutes);
  await app.register(phonePageRoutes);
  await app.register(consolePageRoutes);

  // close() stops taking requests and waits for in-flight ones, but a client that holds a connection open
  // without finishing a request would hold shutdown forever: after the grace period every connection is cut.
  app.addHook('preClose', async () => {
    const cut = setTimeout(() => app.server.closeAllConnections(), options.closeGraceMs ?? 10_000);
    cut.unref();
    app.server.once('close', () => clearTimeout(cut));
  });

  const interval = options.reaperIntervalMs ?? 60_000;
  if (interval > 0) {
    const reaper = startIdempotencyReaper(services, interval);
    app.addHook('onClose', async () => reaper.stop());
  }
  return app;
}
