/**
 * The world the isolation walk runs in: one owner (profile A1 of company A, live) holding one object of
 * every kind, and the principals that must not reach them: another company (B), another
 * profile of the same company (A2) and the other mode of the same company and profile (A's and A1's test
 * keys). Each foreign principal has an endpoint subscribed to every event, and parents of its own (an
 * endpoint, a contact list, a profile) for the lists nested under them.
 */
import { scopeCatalogue } from '../../protocol/api/scopes.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.js';
import { wavFile } from '../integration/audio-clips-harness.js';
import type { CallsSystem } from './calls-harness.js';

/** How a principal relates to the owner. */
export type Relation = 'other company' | 'other profile' | 'other mode';

/** A caller that must not reach the owner's objects. */
export interface ForeignPrincipal {
  name: string;
  relation: Relation;
  key: string;
  /** Its own objects, by kind, for lists nested under a parent (endpoint, list, profile slug). */
  own: Record<string, string>;
  receiver: WebhookReceiver;
}

/** The owner's objects by kind, and whether each kind is shared by both modes (profile configuration). */
export interface World {
  ownerKey: string;
  owned: Record<string, string>;
  modeless: ReadonlySet<string>;
  foreign: ForeignPrincipal[];
  /** Every webhook the owner's endpoint received. */
  ownerHooks: ReceivedWebhook[];
  close(): Promise<void>;
}

/**
 * Kinds that belong to a profile whatever the mode: a test key of the same profile sees them by design. A
 * number has a mode (the owner's is live: a test key finds it missing), but its value stays an address a
 * test call may dial from.
 */
export const MODELESS_KINDS = new Set(['profile', 'slug', 'e164', 'domain', 'sender', 'suppression', 'queue']);

const ALL_SCOPES = scopeCatalogue.map((s) => s.scope);
let seq = 0;

type Send = (key: string, method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

/** Builds the world on a running system. */
export async function buildWorld(sys: CallsSystem): Promise<World> {
  const tag = `${process.pid}${Date.now() % 100_000}`;
  const send: Send = async (key, method, path, body) => {
    const headers: Record<string, string> = method === 'GET' || path === '/v1/api-keys' ? {} : { 'idempotency-key': `world-${tag}-${++seq}` };
    return sys.request(key, method, path, body, headers);
  };
  const ok = async (key: string, method: string, path: string, body?: unknown): Promise<any> => {
    const res = await send(key, method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const receivers: WebhookReceiver[] = [];
  const receiver = async (): Promise<WebhookReceiver> => {
    const r = await startWebhookReceiver();
    receivers.push(r);
    return r;
  };

  const companyA = (await sys.admin('POST', '/admin/v1/companies', { name: 'A', balanceOre: 1_000_000 })).body;
  const companyB = (await sys.admin('POST', '/admin/v1/companies', { name: 'B', balanceOre: 1_000_000 })).body;
  const profile = async (companyKey: string, slug: string) => ok(companyKey, 'POST', '/v1/profiles', { name: slug, slug, services: { phone: true, sms: true, email: true, letters: true } });
  const profileKey = async (companyKey: string, profileId: string, mode: 'live' | 'test') =>
    (await ok(companyKey, 'POST', '/v1/api-keys', { name: `${mode} ${profileId}`, mode, profileId, scopes: ALL_SCOPES })).key as string;

  const a1 = await profile(companyA.liveKey, `a1-${tag}`);
  const a2 = await profile(companyA.liveKey, `a2-${tag}`);
  const b1 = await profile(companyB.liveKey, `b1-${tag}`);
  const ownerKey = await profileKey(companyA.liveKey, a1.id, 'live');
  const ownerCreated = await ok(companyA.liveKey, 'GET', '/v1/api-keys');
  const ownerKeyRecord = (ownerCreated.data as Array<{ id: string; prefix: string }>).find((k) => ownerKey.startsWith(k.prefix));

  const owned: Record<string, string> = { profile: a1.id, slug: a1.slug, apiKey: ownerKeyRecord!.id };
  const number = `+4723${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 1000).padStart(3, '0')}`;
  const provisioned = await sys.admin('POST', '/admin/v1/numbers', { number, companyId: companyA.id, profileId: a1.id });
  if (provisioned.status !== 201) throw new Error(`number: ${JSON.stringify(provisioned.body)}`);
  owned.number = provisioned.body.id;
  owned.e164 = number;

  // The owner's endpoint hears every event; the call's end is awaited on it.
  const ownerReceiver = await receiver();
  const endpoint = await ok(ownerKey, 'POST', '/v1/webhook-endpoints', { url: ownerReceiver.url, events: ['*'] });
  owned.endpoint = endpoint.id;
  owned.secret = endpoint.secret;
  const wav = wavFile({ samples: new Int16Array(4000).map((_, i) => Math.round(8000 * Math.sin(i / 4))), rate: 8000 });
  const later = new Date(Date.now() + 86_400_000).toISOString();
  owned.domain = `walk-${tag}.example`;
  owned.sender = 'WALKCO';
  owned.suppression = '+4791000009';
  owned.queue = `walkq-${tag}`;
  // Independent objects are made side by side; each chain waits only for what it names.
  const chains: Array<() => Promise<unknown>> = [
    async () => {
      const clip = await fetch(`${sys.api}/v1/audio-clips?name=walk`, {
        method: 'POST', headers: { authorization: `Bearer ${ownerKey}`, 'content-type': 'audio/wav', 'idempotency-key': `world-${tag}-clip` }, body: wav,
      });
      owned.clip = ((await clip.json()) as { id: string }).id;
      owned.job = (await ok(ownerKey, 'POST', '/v1/transcription/jobs', { clipId: owned.clip })).id;
    },
    async () => {
      const [contact, list, template] = await Promise.all([
        ok(ownerKey, 'POST', '/v1/contacts', { name: 'Walk', phone: '+4791000001', email: 'walk@example.com' }),
        ok(ownerKey, 'POST', '/v1/contact-lists', { name: 'walk' }),
        ok(ownerKey, 'POST', '/v1/templates', { channel: 'sms', name: 'walk', body: 'Hello {{name}}' }),
      ]);
      [owned.contact, owned.list, owned.template] = [contact.id, list.id, template.id];
      await ok(ownerKey, 'POST', `/v1/contact-lists/${list.id}/members`, { contactIds: [contact.id] });
      owned.campaign = (await ok(ownerKey, 'POST', '/v1/campaigns', { name: 'walk', channel: 'sms', sender: number, templateId: template.id, listId: list.id })).id;
    },
    // Messages wait for a time a day away, so nothing about them changes while the walk runs.
    async () => (owned.sms = (await ok(ownerKey, 'POST', '/v1/sms', { profileId: a1.id, from: number, to: '+442079460101', text: 'walk', sendAt: later })).id),
    async () => {
      await ok(ownerKey, 'POST', `/v1/profiles/${a1.slug}/email-domains`, { domain: owned.domain });
      // A live key sends from a verified domain; the DNS records are not what this test is about.
      await sys.services.sql`update email_domains set status = 'verified', verified_at_ms = ${Date.now()} where domain = ${owned.domain!}`;
      owned.email = (await ok(ownerKey, 'POST', '/v1/email', { profileId: a1.id, from: `walk@${owned.domain}`, to: 'someone@example.com', subject: 'walk', text: 'walk', sendAt: later })).id;
    },
    async () => (owned.letter = (await ok(ownerKey, 'POST', '/v1/letters', { profileId: a1.id, recipient: { nationalId: '01017010170' }, subject: 'walk', document: { text: 'walk' } })).id),
    async () => ok(ownerKey, 'POST', `/v1/profiles/${a1.slug}/senders`, { sender: owned.sender }),
    async () => ok(ownerKey, 'POST', `/v1/profiles/${a1.slug}/suppressions`, { address: owned.suppression }),
    async () => (owned.session = (await ok(ownerKey, 'POST', '/v1/transcription/sessions', {})).id),
    async () => (owned.consoleSession = (await ok(ownerKey, 'POST', '/v1/console-sessions')).id),
    // A call with an app participant, a command, a recording and a stream; it ends before the walk.
    async () => {
      const call = await ok(ownerKey, 'POST', '/v1/calls', { profileId: a1.id, from: number, to: '+442079460001', participants: [{ kind: 'app' }], maxMinutes: 2 });
      owned.call = call.id;
      owned.participant = (call.participants as Array<{ id: string; kind: string }>).find((p) => p.kind === 'app')!.id;
      await waitForHook(ownerReceiver, (e) => e.type === 'call.answered' && e.data.callId === call.id);
      const [command, , stream] = await Promise.all([
        ok(ownerKey, 'POST', `/v1/calls/${call.id}/say`, { text: 'walk' }),
        ok(ownerKey, 'POST', `/v1/calls/${call.id}/recording/start`),
        ok(ownerKey, 'POST', `/v1/calls/${call.id}/streams`, { endpointId: endpoint.id }),
      ]);
      owned.command = command.id;
      owned.stream = stream.id;
      await ok(ownerKey, 'POST', `/v1/calls/${call.id}/hangup`);
      await waitForHook(ownerReceiver, (e) => e.type === 'call.recording.ready' && e.data.callId === call.id);
      owned.recording = (await ok(ownerKey, 'GET', `/v1/calls/${call.id}/recordings`)).data[0].id;
    },
  ];
  await Promise.all(chains.map((chain) => chain()));
  // What the owner started settles before the walk, so any change the walk finds is the walk's.
  await waitForHook(ownerReceiver, (e) => e.type.startsWith('transcription.job.') && e.data.jobId === owned.job);
  const events = await ok(ownerKey, 'GET', '/v1/events?limit=1');
  owned.event = events.data[0].id;
  const attempts = await ok(ownerKey, 'GET', `/v1/webhook-endpoints/${endpoint.id}/attempts?limit=1`);
  owned.attempt = attempts.data[0].id;
  owned.delivery = attempts.data[0].deliveryId;

  const foreign: ForeignPrincipal[] = [];
  const principal = async (name: string, relation: Relation, key: string, slug: string, profileId?: string): Promise<void> => {
    const r = await receiver();
    const ep = await ok(key, 'POST', '/v1/webhook-endpoints', { url: r.url, events: ['*'] });
    const list = await ok(key, 'POST', '/v1/contact-lists', { name: `own ${name}`, ...(profileId ? { profileId } : {}) });
    foreign.push({ name, relation, key, own: { endpoint: ep.id, list: list.id, slug }, receiver: r });
  };
  await Promise.all([
    principal('company B (live)', 'other company', companyB.liveKey, b1.slug, b1.id),
    profileKey(companyA.liveKey, a2.id, 'live').then((key) => principal('profile A2 (live)', 'other profile', key, a2.slug)),
    principal('company A (test)', 'other mode', companyA.testKey, a1.slug, a1.id),
    profileKey(companyA.testKey, a1.id, 'test').then((key) => principal('profile A1 (test)', 'other mode', key, a1.slug)),
  ]);
  // Their order in the walk does not matter, but a failure names them the same way every run.
  foreign.sort((x, y) => x.name.localeCompare(y.name));

  return {
    ownerKey,
    owned,
    modeless: MODELESS_KINDS,
    foreign,
    ownerHooks: ownerReceiver.received,
    async close() {
      for (const r of receivers) await r.close();
    },
  };
}

interface Hook {
  type: string;
  data: Record<string, any>;
}

/** Resolves with the first webhook (received or to come) whose event matches; fails naming what came after 60 s. */
async function waitForHook(receiver: WebhookReceiver, match: (e: Hook) => boolean): Promise<Hook> {
  let seen = 0;
  let guard: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    guard = setTimeout(() => reject(new Error(`no matching webhook; got ${receiver.received.map((r) => r.body.slice(0, 160)).join('\n')}`)), 60_000);
  });
  for (;;) {
    while (seen < receiver.received.length) {
      // The stream started on the owner's endpoint knocks on the same server: only events are JSON.
      const body = receiver.received[seen++]!.body;
      const event = body.startsWith('{') ? (JSON.parse(body) as Hook) : null;
      if (event && match(event)) {
        clearTimeout(guard);
        return event;
      }
    }
    await Promise.race([receiver.next(), timeout]);
  }
}
