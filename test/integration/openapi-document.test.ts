import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationKey } from '../../control/api/plugins/openapi.js';
import { tagDescriptions } from '../../control/api/plugins/openapi-operations.js';
import { startApi, type ApiHarness } from './api-harness.js';

const run = promisify(execFile);
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface Operation {
  operationId?: string;
  tags?: string[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}

/** The document as the live server serves it, over HTTP, as a tool would read it. */
let h: ApiHarness;
let doc: { paths: Record<string, Record<string, Operation>>; tags?: { name: string; description?: string }[]; servers?: unknown[]; info: Record<string, any> };
let operations: Array<{ key: string; op: Operation }>;
const dir = mkdtempSync(join(tmpdir(), 'sentral-openapi-'));

beforeAll(async () => {
  h = await startApi();
  const base = await h.app.listen({ host: '127.0.0.1', port: 0 });
  doc = (await (await fetch(`${base}/v1/openapi.json`)).json()) as typeof doc;
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).filter(([m]) => METHODS.includes(m)).map(([m, op]) => ({ key: operationKey(m, path), op })),
  );
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the OpenAPI document tools read', () => {
  it('passes `redocly lint` (recommended rules) with no errors and no warnings', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const result = await run(process.execPath, [REDOCLY, 'lint', file, '--format=json'], { env: { ...process.env, REDOCLY_TELEMETRY: 'off', CI: '1' }, maxBuffer: 64 * 1024 * 1024 })
      .catch((err: { stdout: string }) => err);
    const report = JSON.parse(result.stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }> };
    const problems = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 120_000);

  it('names every operation with a unique camelCase operationId (add new routes to control/api/plugins/openapi-operations.ts)', () => {
    expect(operations.length).toBeGreaterThan(50);
    const missing = operations.filter((o) => !o.op.operationId).map((o) => o.key);
    expect(missing, 'operations without an operationId: add them to operationIds in control/api/plugins/openapi-operations.ts').toEqual([]);
    for (const { key, op } of operations) expect(op.operationId, key).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.fromEntries(operations.filter((o) => ['POST /v1/calls', 'POST /v1/calls/{id}/participants'].includes(o.key)).map((o) => [o.key, o.op.operationId])))
      .toEqual({ 'POST /v1/calls': 'createCall', 'POST /v1/calls/{id}/participants': 'addParticipant' });
  });

  it('declares a success response with its media type on every operation', () => {
    for (const { key, op } of operations) {
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, `${key} declares no 2xx response`).toBeGreaterThan(0);
      for (const [status, response] of success) expect(Object.keys(response.content ?? {}), `${key} ${status}`).not.toEqual([]);
    }
  });

  it('documents the recording download as audio/wav and its errors as JSON', () => {
    const download = doc.paths['/v1/calls/{id}/recordings/{recordingId}']!.get!;
    expect(Object.keys(download.responses['200']!.content!)).toEqual(['audio/wav']);
    expect(Object.keys(download.responses['404']!.content!)).toEqual(['application/json']);
    expect(Object.keys(download.responses['401']!.content!)).toEqual(['application/json']);
  });

  it('describes every tag an operation uses, and names its servers and license', () => {
    const described = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
    for (const { key, op } of operations) {
      for (const tag of op.tags ?? []) expect(described.get(tag), `tag "${tag}" of ${key}: describe it in tagDescriptions`).toBeTruthy();
    }
    expect(Object.keys(tagDescriptions).sort()).toEqual([...described.keys()].sort());
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.info.license).toMatchObject({ name: expect.any(String) });
  });
});
