/**
 * The requests of the isolation walk, made from the OpenAPI document: every operation's path filled with
 * one object of each kind, a sample body naming objects where the operation takes them, and the same
 * request with every object swapped for one that does not exist. A new operation is walked the day it is
 * added; one with a new kind of path parameter, or a required body without a sample here, fails the walk
 * until it is given one.
 */

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  path: string;
  idempotency: string | undefined;
  query: string[];
  /** The request body's media type, when it takes one; `required` when it must be sent. */
  body: { type: string; required: boolean } | undefined;
}

/** A request ready to send. */
export interface WalkRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  contentType: string | undefined;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** The customer API's operations (the operator's /admin routes take the admin token, which no key is). */
export function operationsOf(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/v1/')) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const content = op.requestBody?.content as Record<string, { schema?: { required?: string[] } }> | undefined;
      const type = content ? Object.keys(content)[0]! : undefined;
      out.push({
        method: method.toUpperCase(),
        path,
        idempotency: op['x-idempotency'],
        query: ((op.parameters ?? []) as Array<{ in: string; name: string }>).filter((p) => p.in === 'query').map((p) => p.name),
        body: type === undefined ? undefined : { type, required: op.requestBody.required === true || (content![type]!.schema?.required ?? []).length > 0 },
      });
    }
  }
  return out;
}

/** The kind of object a path parameter names, by the collection segment before it. */
const SEGMENT_KIND: Record<string, string> = {
  profiles: 'slug', 'api-keys': 'apiKey', numbers: 'number', 'webhook-endpoints': 'endpoint', events: 'event',
  'audio-clips': 'clip', calls: 'call', commands: 'command', participants: 'participant', streams: 'stream',
  recordings: 'recording', queues: 'queue', jobs: 'job', sessions: 'session', contacts: 'contact',
  'contact-lists': 'list', templates: 'template', sms: 'sms', email: 'email', 'email-domains': 'domain',
  senders: 'sender', suppressions: 'suppression', campaigns: 'campaign', letters: 'letter',
  attempts: 'attempt', 'failed-deliveries': 'delivery', members: 'contact', 'console-sessions': 'consoleSession',
};

/** The kinds of the path parameters of `path`, in order. */
export function pathKinds(path: string): string[] {
  const segments = path.split('/');
  const kinds: string[] = [];
  segments.forEach((s, i) => {
    if (!s.startsWith('{')) return;
    const kind = SEGMENT_KIND[segments[i - 1]!];
    if (kind === undefined) throw new Error(`${path}: no kind for the parameter after "${segments[i - 1]}"; add it to the isolation walk`);
    kinds.push(kind);
  });
  return kinds;
}

/** The kind of object a list's cursor names: the list's own collection. */
export function cursorKind(path: string): string {
  const last = path.split('/').filter((s) => s !== '' && !s.startsWith('{')).pop()!;
  const kind = SEGMENT_KIND[last];
  if (kind === undefined) throw new Error(`${path}: no cursor kind for "${last}"; add it to the isolation walk`);
  return kind;
}

/** `path` with each parameter filled from `ids` by its kind. */
export function fillPath(path: string, ids: Record<string, string>): string {
  const kinds = pathKinds(path);
  let i = 0;
  return path.replace(/\{[^}]+\}/g, () => {
    const kind = kinds[i++]!;
    const id = ids[kind];
    if (id === undefined) throw new Error(`${path}: no object of kind ${kind}`);
    return encodeURIComponent(id);
  });
}

/** The owner's objects that sample bodies name, by kind. */
type Owned = Readonly<Record<'profile' | 'e164' | 'endpoint' | 'clip' | 'participant' | 'queue' | 'call' | 'contact' | 'list' | 'template' | 'domain', string>>;

const later = (): string => new Date(Date.now() + 86_400_000).toISOString();
let unique = 0;

// Bodies that pass validation and name the owner's objects wherever the operation takes one.
const SAMPLES: Record<string, (o: Owned) => unknown> = {
  'POST /v1/profiles': () => ({ name: 'walk', slug: `walk-${process.pid}-${++unique}` }),
  'PATCH /v1/profiles/{slug}': () => ({ description: 'walked' }),
  'PUT /v1/profiles/{slug}/limit': () => ({ limitOre: 1000 }),
  'POST /v1/api-keys': (o) => ({ name: 'walk', mode: 'live', profileId: o.profile, scopes: ['calls:read'] }),
  'POST /v1/numbers': (o) => ({ profileId: o.profile, type: 'phone' }),
  'PATCH /v1/numbers/{id}': () => ({ decideWithinSeconds: 44 }),
  'POST /v1/webhook-endpoints': () => ({ url: 'http://127.0.0.1:9/walk', events: ['*'] }),
  'POST /v1/console-sessions': () => ({}),
  'PATCH /v1/webhook-endpoints/{id}': () => ({ description: 'walked' }),
  'POST /v1/webhook-endpoints/{id}/recover-failed': () => ({}),
  'POST /v1/events/{id}/redeliver': (o) => ({ endpointId: o.endpoint }),
  'POST /v1/calls': (o) => ({ profileId: o.profile, from: o.e164, to: '+442079460001', maxMinutes: 1 }),
  'PATCH /v1/calls/{id}': () => ({ metadata: { walk: 'yes' } }),
  'POST /v1/calls/{id}/participants': () => ({ participant: { kind: 'app' } }),
  'PATCH /v1/calls/{id}/participants/{participantId}': () => ({ muted: true }),
  'POST /v1/calls/{id}/say': () => ({ text: 'walk' }),
  'POST /v1/calls/{id}/play': (o) => ({ audioClipId: o.clip }),
  'POST /v1/calls/{id}/gather': () => ({ text: 'walk' }),
  'POST /v1/calls/{id}/streams': (o) => ({ endpointId: o.endpoint }),
  'POST /v1/calls/{id}/offers': () => ({ targets: [{ kind: 'phone', to: '+442079460008' }] }),
  'POST /v1/calls/{id}/transfer': () => ({ to: '+442079460008' }),
  'POST /v1/calls/{id}/transcription/start': (o) => ({ participantIds: [o.participant] }),
  'POST /v1/calls/{id}/move': (o) => ({ queue: o.queue }),
  'POST /v1/calls/{id}/dtmf': () => ({ digits: '1' }),
  'POST /v1/queues/{name}/dequeue': (o) => ({ callId: o.call }),
  'POST /v1/transcription/jobs': (o) => ({ clipId: o.clip }),
  'POST /v1/transcription/sessions': () => ({}),
  'POST /v1/contacts': (o) => ({ profileId: o.profile, name: 'walk' }),
  'PATCH /v1/contacts/{id}': () => ({ name: 'walked' }),
  'POST /v1/contact-lists': (o) => ({ profileId: o.profile, name: 'walk' }),
  'PATCH /v1/contact-lists/{id}': () => ({ name: 'walked' }),
  'POST /v1/contact-lists/{id}/members': (o) => ({ contactIds: [o.contact] }),
  'POST /v1/contact-lists/{id}/members/remove': (o) => ({ contactIds: [o.contact] }),
  'POST /v1/templates': (o) => ({ profileId: o.profile, channel: 'sms', name: 'walk', body: 'hi' }),
  'PATCH /v1/templates/{id}': () => ({ name: 'walked' }),
  'POST /v1/templates/{id}/preview': (o) => ({ contactId: o.contact }),
  'POST /v1/sms': (o) => ({ profileId: o.profile, from: o.e164, to: '+442079460101', text: 'walk', sendAt: later() }),
  'POST /v1/sms/batches': (o) => ({ profileId: o.profile, from: o.e164, to: ['+442079460101'], text: 'walk', sendAt: later() }),
  'POST /v1/sms/quote': (o) => ({ text: 'walk', profileId: o.profile }),
  'POST /v1/email': (o) => ({ profileId: o.profile, from: `walk@${o.domain}`, to: 'someone@example.com', subject: 'walk', text: 'walk', sendAt: later() }),
  'POST /v1/email/batch': (o) => ({ messages: [{ profileId: o.profile, from: `walk@${o.domain}`, to: 'someone@example.com', subject: 'walk', text: 'walk', sendAt: later() }] }),
  'POST /v1/profiles/{slug}/email-domains': () => ({ domain: `walk-${++unique}.example` }),
  'POST /v1/profiles/{slug}/senders': () => ({ sender: 'WALKTWO' }),
  'POST /v1/profiles/{slug}/suppressions': () => ({ address: '+4791000010' }),
  'POST /v1/campaigns': (o) => ({ profileId: o.profile, name: 'walk', channel: 'sms', sender: o.e164, templateId: o.template, listId: o.list }),
  'PATCH /v1/campaigns/{id}': () => ({ name: 'walked' }),
  'POST /v1/console-sessions/sign-in': () => ({ token: 'walk-no-such-token' }),
  'POST /v1/letters': (o) => ({ profileId: o.profile, recipient: { nationalId: '01017010170' }, subject: 'walk', document: { text: 'walk' } }),
};

// Bodies that are not JSON, by operation: the raw body and its query.
const RAW_SAMPLES: Record<string, (o: Owned, wav: Buffer) => { body: Buffer | string; query: Record<string, string> }> = {
  'POST /v1/audio-clips': (o, wav) => ({ body: wav, query: { name: 'walk', profileId: o.profile } }),
  'POST /v1/contacts/imports': (o) => ({ body: 'name,phone\nWalk,+4791000011\n', query: { profileId: o.profile, listId: o.list } }),
};

// Query parameters that name an object, by name.
const QUERY_KINDS: Record<string, string> = { profileId: 'profile', listId: 'list', objectId: 'call' };

/** The owner's request for `op`: its objects in the path, the body and the query. */
export function requestFor(op: Operation, owned: Record<string, string>, wav: Buffer): WalkRequest {
  const name = `${op.method} ${op.path}`;
  const query: Record<string, string> = {};
  for (const q of op.query) if (QUERY_KINDS[q] !== undefined) query[q] = owned[QUERY_KINDS[q]]!;
  const path = fillPath(op.path, owned);
  const raw = RAW_SAMPLES[name];
  if (raw) {
    const sample = raw(owned as Owned, wav);
    return { method: op.method, path, query: { ...query, ...sample.query }, body: sample.body, contentType: op.body!.type };
  }
  const sample = SAMPLES[name];
  if (sample === undefined && op.body?.required) throw new Error(`${name}: no sample body; add one to the isolation walk`);
  return { method: op.method, path, query, body: sample?.(owned as Owned), contentType: sample ? 'application/json' : undefined };
}

/** `value` with every string equal to a key of `swap` replaced by its value, at any depth. */
export function swapped<T>(value: T, swap: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') return (swap.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((v) => swapped(v, swap)) as T;
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swapped(v, swap)])) as T;
  }
  return value;
}

/** The request with every object named in its path, query and body swapped for one that does not exist. */
export function missingVariant(req: WalkRequest, swap: ReadonlyMap<string, string>): WalkRequest {
  const path = req.path.split('/').map((s) => encodeURIComponent(swap.get(decodeURIComponent(s)) ?? decodeURIComponent(s))).join('/');
  const body = typeof req.body === 'string' ? [...swap].reduce((text, [from, to]) => text.split(from).join(to), req.body) : swapped(req.body, swap);
  return { ...req, path, query: swapped(req.query, swap), body };
}

/** Every string in the request (path segments, query values, body strings). */
export function namedValues(req: WalkRequest): Set<string> {
  const out = new Set<string>(req.path.split('/').map((s) => decodeURIComponent(s)));
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) Object.values(v).forEach(walk);
  };
  walk(req.query);
  walk(req.body);
  return out;
}

/** A value of the same shape as `id` that names nothing. */
export function missingLike(kind: string, id: string): string {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(id)) return '00000000-0000-4000-8000-000000000000';
  const prefixed = /^([a-z]+)_[0-9a-z]+$/.exec(id);
  if (prefixed) return `${prefixed[1]}_${'0'.repeat(26)}`;
  const missing: Record<string, string> = { slug: 'walk-missing', domain: 'missing.example', sender: 'NOSUCH', suppression: '+4791000999', queue: 'walk-missing', e164: '+4791000998' };
  if (missing[kind] === undefined) throw new Error(`no missing value for kind ${kind}`);
  return missing[kind]!;
}
