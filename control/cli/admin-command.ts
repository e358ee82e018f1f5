import { parseArgs } from 'node:util';

/** Where the command writes (process streams by default; tests capture them). */
export interface AdminCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const USAGE = `Usage: sentral admin <command> [options]   (SENTRAL_ADMIN_URL, SENTRAL_ADMIN_TOKEN)

  company create --name <name> [--balance-ore <øre>]
  company list
  company get <companyId>
  company top-up <companyId> --amount-ore <øre> [--reference <text>]
  company prices <companyId>
  company set-price <companyId> --price <name> --ore <øre|default>
  number create --number <+E164> --company-id <co_…> --profile-id <uuid> [number options]
  number list [--company-id <co_…>]
  number get <numberId>
  number update <numberId> [--profile-id <uuid>] [number options] [--state active|released]

  number options: --inbound-mode api|routing --decide-within-seconds <n> --assigned-to <ref>
                  --forward-to <+E164> | --message <text> | --browser | --no-routing
  --json prints the API's JSON answer unchanged.`;

const OPTIONS = {
  name: { type: 'string' },
  'balance-ore': { type: 'string' },
  'amount-ore': { type: 'string' },
  reference: { type: 'string' },
  price: { type: 'string' },
  ore: { type: 'string' },
  number: { type: 'string' },
  'company-id': { type: 'string' },
  'profile-id': { type: 'string' },
  'inbound-mode': { type: 'string' },
  'decide-within-seconds': { type: 'string' },
  'assigned-to': { type: 'string' },
  'forward-to': { type: 'string' },
  message: { type: 'string' },
  browser: { type: 'boolean' },
  'no-routing': { type: 'boolean' },
  state: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  body?: unknown;
}

/**
 * `sentral admin …`: an operator client of the admin API. Returns the exit code: 0 done, 1 the API
 * answered an error or could not be reached, 2 wrong usage.
 */
export async function runAdminCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  io: AdminCommandIo = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) },
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    io.stderr(`${(err as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    io.stdout(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  let request: Request;
  try {
    request = toRequest(positionals, values);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr(`${err.message}\n\n${USAGE}\n`);
    return 2;
  }
  const token = env.SENTRAL_ADMIN_TOKEN;
  if (!token) {
    io.stderr('SENTRAL_ADMIN_TOKEN is not set.\n');
    return 2;
  }
  const base = (env.SENTRAL_ADMIN_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  let res: Response;
  try {
    res = await fetch(`${base}${request.path}`, {
      method: request.method,
      headers: { authorization: `Bearer ${token}`, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    });
  } catch (err) {
    io.stderr(`Cannot reach the admin API at ${base}: ${(err as Error).message}\n`);
    return 1;
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  if (!res.ok) {
    const e = (data as { error?: { code?: string; message?: string; param?: string } }).error;
    io.stderr(values.json ? `${text}\n` : `Error ${res.status} ${e?.code ?? ''}: ${e?.message ?? text}${e?.param ? ` (${e.param})` : ''}\n`);
    return 1;
  }
  io.stdout(values.json ? `${JSON.stringify(data, null, 2)}\n` : describe(data));
  return 0;
}

type Values = { [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };

function toRequest(positionals: string[], values: Values): Request {
  const [noun, verb, id] = positionals;
  const need = (v: string | undefined, what: string): string => {
    if (v === undefined || v === '') throw new UsageError(`Missing ${what}.`);
    return v;
  };
  const path = (what: string) => encodeURIComponent(need(id, what));
  if (noun === 'company') {
    switch (verb) {
      case 'create':
        return { method: 'POST', path: '/admin/v1/companies', body: { name: need(values.name, '--name'), ...optInt('balanceOre', values['balance-ore'], '--balance-ore') } };
      case 'list':
        return { method: 'GET', path: '/admin/v1/companies' };
      case 'get':
        return { method: 'GET', path: `/admin/v1/companies/${path('companyId')}` };
      case 'top-up':
        return {
          method: 'POST',
          path: `/admin/v1/companies/${path('companyId')}/top-ups`,
          body: { amountOre: int(need(values['amount-ore'], '--amount-ore'), '--amount-ore'), ...(values.reference ? { reference: values.reference } : {}) },
        };
      case 'prices':
        return { method: 'GET', path: `/admin/v1/companies/${path('companyId')}/prices` };
      case 'set-price': {
        const ore = need(values.ore, '--ore');
        return { method: 'PUT', path: `/admin/v1/companies/${path('companyId')}/prices`, body: { [need(values.price, '--price')]: ore === 'default' ? null : int(ore, '--ore') } };
      }
    }
  }
  if (noun === 'number') {
    switch (verb) {
      case 'create':
        return {
          method: 'POST',
          path: '/admin/v1/numbers',
          body: { number: need(values.number, '--number'), companyId: need(values['company-id'], '--company-id'), profileId: need(values['profile-id'], '--profile-id'), ...numberOptions(values) },
        };
      case 'list':
        return { method: 'GET', path: `/admin/v1/numbers${values['company-id'] ? `?companyId=${encodeURIComponent(values['company-id'])}` : ''}` };
      case 'get':
        return { method: 'GET', path: `/admin/v1/numbers/${path('numberId')}` };
      case 'update':
        return {
          method: 'PATCH',
          path: `/admin/v1/numbers/${path('numberId')}`,
          body: { ...(values['profile-id'] ? { profileId: values['profile-id'] } : {}), ...(values.state ? { state: values.state } : {}), ...numberOptions(values) },
        };
    }
  }
  throw new UsageError(`Unknown command: ${positionals.slice(0, 2).join(' ')}`);
}

function numberOptions(values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (values['inbound-mode']) out.inboundMode = values['inbound-mode'];
  if (values['decide-within-seconds']) out.decideWithinSeconds = int(values['decide-within-seconds'], '--decide-within-seconds');
  if (values['assigned-to']) out.assignedTo = values['assigned-to'];
  const routings = [values['forward-to'], values.message, values.browser, values['no-routing']].filter((v) => v !== undefined && v !== false);
  if (routings.length > 1) throw new UsageError('Give one of --forward-to, --message, --browser, --no-routing.');
  if (values['forward-to']) out.routing = { type: 'forward', to: values['forward-to'] };
  if (values.message) out.routing = { type: 'message', text: values.message };
  if (values.browser) out.routing = { type: 'browser' };
  if (values['no-routing']) out.routing = null;
  return out;
}

function optInt(field: string, value: string | undefined, flag: string): Record<string, number> {
  return value === undefined ? {} : { [field]: int(value, flag) };
}

function int(value: string, flag: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new UsageError(`${flag} must be a whole number.`);
  return Number(value);
}

// A short human summary; whole key values are printed because this is the one time they are shown.
function describe(data: unknown): string {
  const d = data as Record<string, unknown>;
  if (d.object === 'list' && Array.isArray(d.data)) return (d.data as unknown[]).map(describe).join('') || '(none)\n';
  if (d.object === 'company') {
    const lines = [`company ${d.id}  ${d.name}  balance ${d.balanceOre} øre  reserved ${d.reservedOre} øre`];
    if (d.liveKey) lines.push(`  live key: ${d.liveKey}`, `  test key: ${d.testKey}`, '  (the keys are shown only now)');
    return `${lines.join('\n')}\n`;
  }
  if (d.object === 'top_up') return `topped up ${d.amountOre} øre; balance ${d.balanceOre} øre (entry ${d.entryId})\n`;
  if (d.object === 'number') {
    return `number ${d.id}  ${d.number}  profile ${d.profileId}  ${d.inboundMode}  ${d.state}${d.assignedTo ? `  assigned to ${d.assignedTo}` : ''}\n`;
  }
  return `${Object.entries(d).map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join('\n')}\n`;
}
