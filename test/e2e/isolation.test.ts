import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavFile } from '../integration/audio-clips-harness.js';
import { startCallsSystem, type CallsSystem } from './calls-harness.js';
import { buildWorld, type ForeignPrincipal, type World } from './isolation-world.js';
import {
  cursorKind, fillPath, missingLike, missingVariant, namedValues, operationsOf, pathKinds, requestFor, type Operation, type WalkRequest,
} from './isolation-requests.js';

// Tenant isolation walked route by route (docs/security.md): every operation of /v1/openapi.json, every
// foreign principal (another company, another profile of the same company, the other mode of
// the same company and profile) against one object of every kind the owner holds. Reads, changes, cursors,
// objects named in bodies and queries, and Idempotency-Key replays. A foreign object must answer exactly as
// a missing one, no 2xx may show a foreign object, nothing of the owner's may change, and no foreign event
// may reach another principal's event log or webhooks.
let sys: CallsSystem;
let world: World;
let ops: Operation[];
const wav = wavFile({ samples: new Int16Array(4000), rate: 8000 });
let sent = 0;

interface Answer {
  status: number;
  text: string;
  code: string | undefined;
  param: string | undefined;
  replayed: boolean;
}

async function send(key: string, req: WalkRequest, idempotencyKey = `walk-${process.pid}-${++sent}`): Promise<Answer> {
  const query = new URLSearchParams(req.query).toString();
  const needsKey = req.method !== 'GET' && req.path !== '/v1/api-keys' && req.path !== '/v1/contacts/imports' && !req.path.endsWith('/preview') && req.path !== '/v1/sms/quote';
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, ...(needsKey ? { 'idempotency-key': idempotencyKey } : {}) };
  if (req.contentType !== undefined) headers['content-type'] = req.contentType;
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) || typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
  const res = await fetch(`${sys.api}${req.path}${query ? `?${query}` : ''}`, { method: req.method, headers, ...(body === undefined ? {} : { body }) });
  const text = await res.text();
  let error: { code?: string; param?: string } | undefined;
  try {
    error = (JSON.parse(text) as { error?: { code?: string; param?: string } }).error;
  } catch {
    error = undefined;
  }
  return { status: res.status, text, code: error?.code, param: error?.param, replayed: res.headers.get('idempotency-replayed') === 'true' };
}

/** The owner's values a principal must not reach: for the other mode, only the kinds that have a mode. */
function foreignValues(p: ForeignPrincipal, purpose: 'swap' | 'reveal'): Map<string, string> {
  const out = new Map<string, string>();
  for (const [kind, id] of Object.entries(world.owned)) {
    if (p.relation === 'other mode' && world.modeless.has(kind)) continue;
    // A number and a queue name are addresses anyone may use or echo, not objects an answer could show.
    if (kind === 'secret' ? purpose === 'swap' : (kind === 'e164' || kind === 'queue') && purpose === 'reveal') continue;
    out.set(id, purpose === 'swap' ? missingLike(kind, id) : kind);
  }
  return out;
}

function revealed(answer: Answer, p: ForeignPrincipal): string[] {
  if (answer.status >= 300) return [];
  return [...foreignValues(p, 'reveal').keys()].filter((v) => answer.text.includes(v));
}

const same = (a: Answer, b: Answer): boolean => a.status === b.status && a.code === b.code && a.param === b.param;
const show = (a: Answer): string => `${a.status} ${a.text.slice(0, 200)}`;

/** Runs `work` for every item, a few operations at a time (they touch different objects, so order does not matter). */
async function eachAtOnce<T>(items: readonly T[], work: (item: T) => Promise<void>, width = 4): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** Every owner object readable by a GET of the route table, as the owner sees it. */
async function ownerSnapshot(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const op of ops) {
    if (op.method !== 'GET' || !op.path.includes('{') || op.path.endsWith('/transcript')) continue;
    const res = await send(world.ownerKey, { method: 'GET', path: fillPath(op.path, world.owned), query: {}, body: undefined, contentType: undefined });
    out.set(op.path, show(res));
  }
  return out;
}

beforeAll(async () => {
  sys = await startCallsSystem({ cluster: false });
  const doc = (await (await fetch(`${sys.api}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, any>> };
  ops = operationsOf(doc);
  world = await buildWorld(sys);
}, 120_000);
afterAll(async () => {
  await world?.close();
  await sys?.close();
});

describe('tenant isolation, route by route', () => {
  it('every foreign principal gets from every operation exactly what a missing object gets, and changes nothing', { timeout: 120_000 }, async () => {
    const before = await ownerSnapshot();
    const failures: string[] = [];
    let checks = 0;
    await eachAtOnce(ops, async (op) => {
      const req = requestFor(op, world.owned, wav);
      // The principals run side by side; each sends its foreign and its missing request one after the other.
      await Promise.all(world.foreign.map(async (p) => {
        const swap = foreignValues(p, 'swap');
        const named = [...namedValues(req)];
        const name = `${p.name}: ${op.method} ${op.path}`;
        // The other mode may name only objects both modes share.
        if (!named.some((v) => swap.has(v))) return;
        const foreign = await send(p.key, req);
        const missing = await send(p.key, missingVariant(req, swap));
        checks++;
        const shown = revealed(foreign, p);
        if (shown.length > 0) failures.push(`${name}: ${foreign.status} shows ${shown.join(', ')}`);
        else if (!same(foreign, missing)) failures.push(`${name}: foreign ${show(foreign)} but missing ${show(missing)}`);
      }));
    });
    const after = await ownerSnapshot();
    for (const [path, was] of before) if (after.get(path) !== was) failures.push(`the owner's ${path} changed: ${was} -> ${after.get(path)}`);
    expect(failures).toEqual([]);
    expect(checks, `${checks} checks`).toBeGreaterThan(300);
  });

  it('a list cursor naming a foreign object answers as one naming nothing', async () => {
    const failures: string[] = [];
    const lists = ops.filter((op) => op.method === 'GET' && (op.query.includes('after') || op.query.includes('before')));
    expect(lists.length).toBeGreaterThanOrEqual(15);
    for (const op of lists) {
      const kind = cursorKind(op.path);
      const param = op.query.includes('after') ? 'after' : 'before';
      const owner = world.owned[kind];
      if (owner === undefined) throw new Error(`${op.path}: no owner object of kind ${kind}`);
      for (const p of world.foreign) {
        if (p.relation === 'other mode' && world.modeless.has(kind)) continue;
        for (const k of pathKinds(op.path)) if (p.own[k] === undefined) throw new Error(`${op.path}: ${p.name} has no own ${k}`);
        const path = fillPath(op.path, p.own);
        const foreign = await send(p.key, { method: 'GET', path, query: { [param]: owner }, body: undefined, contentType: undefined });
        const missing = await send(p.key, { method: 'GET', path, query: { [param]: missingLike(kind, owner) }, body: undefined, contentType: undefined });
        if (!same(foreign, missing)) failures.push(`${p.name}: GET ${op.path}?${param}=<${kind}>: foreign ${show(foreign)} but missing ${show(missing)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('an Idempotency-Key the owner used is never replayed to another principal', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    const keyed = ops.filter((op) => op.idempotency === 'required' || op.idempotency === 'optional');
    await eachAtOnce([...keyed.entries()], async ([i, op]) => {
      const req = requestFor(op, world.owned, wav);
      const key = `endpoint-${i}`;
      await send(world.ownerKey, req, key);
      await Promise.all(world.foreign.map(async (p) => {
        const answer = await send(p.key, req, key);
        const shown = revealed(answer, p);
        if (answer.replayed || shown.length > 0) failures.push(`${p.name}: ${op.method} ${op.path} with the owner's key got ${answer.replayed ? 'a replay ' : ''}${show(answer)}`);
      }));
    });
    expect(failures).toEqual([]);
  });

  it('no foreign event reaches another principal\'s event log or webhooks', async () => {
    const failures: string[] = [];
    for (const p of world.foreign) {
      const values = [...foreignValues(p, 'reveal').keys()];
      let after: string | undefined;
      for (;;) {
        const page = await send(p.key, { method: 'GET', path: '/v1/events', query: { limit: '100', ...(after ? { after } : {}) }, body: undefined, contentType: undefined });
        const body = JSON.parse(page.text) as { data: Array<{ id: string }>; hasMore: boolean };
        for (const v of values) if (page.text.includes(v)) failures.push(`${p.name}: its event log names the owner's ${v}`);
        if (!body.hasMore || body.data.length === 0) break;
        after = body.data.at(-1)!.id;
      }
      for (const hook of p.receiver.received) for (const v of values) if (hook.body.includes(v)) failures.push(`${p.name}: a webhook names the owner's ${v}`);
    }
    expect(failures).toEqual([]);
    expect(world.ownerHooks.length).toBeGreaterThan(0);
  });
});
