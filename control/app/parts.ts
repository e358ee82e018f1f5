import type { Services } from '../../shared/services/services.js';
import type { Readiness } from './readiness.js';
import type { RoleName } from './run-role.js';
import type { BootstrapResult } from './bootstrap.js';
import { ensureRoomKeys } from '../calls/room-keys.js';

/** A running part of a role, stopped in reverse order of start. */
export interface Part {
  name: string;
  /** What it does before its stop when the process is asked to stop gently (SIGTERM on `sentral media`). */
  drain?(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts what `role` runs: `start` runs them all in one process. */
export async function startParts(role: RoleName, services: Services, readiness: () => Promise<Readiness>): Promise<Part[]> {
  const parts: Part[] = [];
  try {
    return await startEach(role, services, readiness, parts);
  } catch (err) {
    // A part that fails (a port already taken, say) stops those already running, so the process can exit
    // with one clear error instead of workers retrying against services that are closing.
    for (const part of [...parts].reverse()) await part.stop().catch(() => undefined);
    throw err;
  }
}

// Each role's modules are imported only when the process runs that role: an API process loads no chart, no
// verb, no actor host, no outbox and no media node (test/unit/role-modules.test.ts).
async function startEach(role: RoleName, services: Services, readiness: () => Promise<Readiness>, parts: Part[]): Promise<Part[]> {
  const runs = (r: RoleName): boolean => role === 'start' || role === r;
  const { config, log } = services;

  // Room tokens: the control plane holds the private key, media nodes get the public one over the bus.
  const roomKeys = runs('api') || runs('worker') ? await ensureRoomKeys(services.sql, services.bus) : null;

  const summary: string[] = [];
  if (runs('media')) {
    const { startMediaPart } = await import('./media-role.js');
    const media = await startMediaPart(services, roomKeys?.publicKey);
    parts.push(media);
    summary.push(...media.listening);
  }
  if (runs('worker')) await (await import('./worker-parts.js')).startWorkerParts(services, parts);
  if (runs('dispatcher')) {
    const { startDispatcher } = await import('../events/dispatcher.js');
    const dispatcher = await startDispatcher(services);
    parts.push({ name: 'dispatcher', stop: () => dispatcher.stop() });
  }
  if (runs('messaging')) summary.push(...(await (await import('./messaging-parts.js')).startMessagingParts(services, parts, role === 'start')));
  let first: FirstStart = {};
  let consoleLink: string | null = null;
  if (runs('api')) {
    const api = await (await import('./api-parts.js')).startApiParts(services, parts, readiness, role === 'start');
    ({ first, consoleLink } = api);
    summary.unshift(`control API listening on ${api.address}`, `API reference ${api.address}/docs, softphone ${api.address}/phone, console ${api.address}/console`);
    if (role === 'start') summary.push(...firstSteps(api.address, first));
  }
  log.debug({ role, mode: config.mode }, `sentral ${role} running (${config.mode} mode)`);
  // The summary goes to the terminal itself, never through the logger (which redacts and ships logs); the
  // shown-once keys come last, framed, so they are what a person sees when the output stops.
  process.stdout.write(startSummary(role, config.mode, summary, first, consoleLink));
  return parts;
}

type FirstStart = BootstrapResult;

/** What to do next: on a later start, how to make more keys (the first start's are shown with the frame). */
function firstSteps(apiUrl: string, first: FirstStart): string[] {
  if (first.demo) return [`try: curl -H "Authorization: Bearer <demo test key>" ${apiUrl}/v1/profiles`];
  return [
    `console: open ${apiUrl}/console and sign in with an API key`,
    'keys were shown at the first start only; make a company with its keys:',
    `  SENTRAL_ADMIN_URL=${apiUrl} SENTRAL_ADMIN_TOKEN=<admin token> npx sentral admin company create --name Acme --balance-ore 100000`,
  ];
}

/** The start summary: role and mode, where each part listens, then the shown-once secrets, framed. */
export function startSummary(role: RoleName, mode: string, lines: string[], first: FirstStart, consoleLink: string | null = null): string {
  const out = [`sentral ${role} (${mode} mode)`, ...lines.map((l) => `  ${l}`)];
  const secrets: [string, string][] = [];
  if (first.adminToken) secrets.push(['admin token', first.adminToken]);
  if (consoleLink) secrets.push(['console', `${consoleLink} (test key; 10 min, once)`]);
  if (first.demo) {
    secrets.push(
      ['demo company', first.demo.companyId],
      ['demo profile', first.demo.profileId],
      ['demo test key', first.demo.testKey],
      ['demo live key', first.demo.liveKey],
    );
  }
  if (secrets.length > 0) {
    const rows = secrets.map(([name, value]) => `  ${name.padEnd(14)} ${value}`);
    const title = ' First start: copy these now. They are stored hashed and never shown again. ';
    const width = Math.max(title.length, ...rows.map((r) => r.length)) + 2;
    out.push('', `+${'='.repeat(width)}+`, `|${title.padEnd(width)}|`, `|${' '.repeat(width)}|`, ...rows.map((r) => `|${r.padEnd(width)}|`), `+${'='.repeat(width)}+`);
  }
  return `${out.join('\n')}\n`;
}
