import { api, need, session } from '../api.js';
import { kroner, osloMonth, osloTime } from '../format.js';
import { POLL_MS, useLoad } from '../hooks.js';
import { BarChart, ErrorNote, Facts, Loading, Page, State, Table } from '../ui.js';

// Ends of a call that are a failure a customer looks into (the others are someone hanging up or routing).
const FAILED_ENDS = new Set(['busy', 'no_answer', 'failed', 'rejected', 'media_lost', 'not_started', 'paid_time_exhausted']);

/** Balance, this month's spend by service, and the latest failures. */
export function Overview() {
  const s = session()!;
  const can = (scope: string) => s.scopes.includes(scope);
  const balance = useLoad(async () => (can('balance:read') && s.profileId === null ? need(await api().GET('/v1/balance')) : null), [], POLL_MS * 5);
  const usage = useLoad(() => monthUsage(s.profileId !== null), []);
  const failures = useLoad(() => latestFailures(can), [], POLL_MS * 5);
  return (
    <Page title="Overview">
      <div class="cards">
        <section class="card" aria-labelledby="balance-h">
          <h2 id="balance-h">Balance</h2>
          {balance.value === undefined ? <Loading error={balance.error} /> : balance.value === null
            ? <p class="muted">The balance is shown to company keys with balance:read.</p>
            : (
              <>
                <p class="figure" id="balance">{kroner(balance.value.balanceOre)}</p>
                <p class="muted">{kroner(balance.value.reservedOre)} reserved by {balance.value.openReservations} calls and campaigns under way</p>
              </>
            )}
        </section>
        <section class="card wide" aria-labelledby="spend-h">
          <h2 id="spend-h">Spent this month, by service</h2>
          {usage.value === undefined ? <Loading error={usage.error} /> : (
            <>
              <BarChart label={`Spend by service in ${osloMonth()}: total ${kroner(usage.value.totalOre)}`} bars={usage.value.bars} />
              <p>Total {kroner(usage.value.totalOre)}{s.mode === 'test' ? ' (test mode costs nothing; its counts are below)' : ''}</p>
              {s.mode === 'test' ? <Facts items={usage.value.testCounts.map(([k, v]) => [k, `${v.messages} messages, ${v.calls} calls, ${v.minutes} min`])} /> : null}
            </>
          )}
        </section>
      </div>
      <section aria-labelledby="fail-h">
        <h2 id="fail-h">Latest failures</h2>
        <ErrorNote error={failures.error} />
        {failures.value === undefined ? <Loading /> : (
          <Table caption="Latest failures" head={['When', 'What', 'State', 'Why']} empty="No failures lately.">
            {failures.value.map((f) => (
              <tr>
                <td>{osloTime(f.at)}</td>
                <td><a href={f.href}>{f.what}</a></td>
                <td><State value={f.state} /></td>
                <td>{f.why}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </Page>
  );
}

interface Failure {
  at: string;
  what: string;
  href: string;
  state: string;
  why: string;
}

async function monthUsage(profileKey: boolean) {
  const period = osloMonth();
  const lines: Record<string, { ore: number; calls: number; minutes: number; messages: number }> = {};
  const test: Record<string, { calls: number; minutes: number; messages: number }> = {};
  const add = (live: { services: Record<string, { ore: number; calls: number; minutes: number; messages: number }> }, t: { services: Record<string, { calls: number; minutes: number; messages: number }> }) => {
    for (const [k, v] of Object.entries(live.services)) {
      const l = (lines[k] ??= { ore: 0, calls: 0, minutes: 0, messages: 0 });
      l.ore += v.ore;
    }
    for (const [k, v] of Object.entries(t.services)) {
      const c = (test[k] ??= { calls: 0, minutes: 0, messages: 0 });
      c.calls += v.calls;
      c.minutes += v.minutes;
      c.messages += v.messages;
    }
  };
  if (profileKey) {
    const profiles = need(await api().GET('/v1/profiles', {}));
    for (const p of profiles.data) {
      const u = need(await api().GET('/v1/profiles/{slug}/usage', { params: { path: { slug: p.slug }, query: { period } } }));
      add(u.live, u.test);
    }
  } else {
    const u = need(await api().GET('/v1/usage', { params: { query: { period } } }));
    for (const p of u.profiles) add(p.live, p.test);
  }
  const bars = Object.entries(lines).filter(([, v]) => v.ore > 0).map(([name, v]) => ({ name, ore: v.ore })).sort((a, b) => b.ore - a.ore);
  return {
    bars,
    totalOre: bars.reduce((sum, b) => sum + b.ore, 0),
    testCounts: Object.entries(test).filter(([, v]) => v.calls + v.minutes + v.messages > 0),
  };
}

async function latestFailures(can: (scope: string) => boolean): Promise<Failure[]> {
  const out: Failure[] = [];
  const c = api();
  if (can('calls:read')) {
    const calls = need(await c.GET('/v1/calls', { params: { query: { state: 'ended', limit: 50 } } }));
    for (const call of calls.data) {
      if (call.endReason && FAILED_ENDS.has(call.endReason)) {
        out.push({ at: call.endedAt ?? call.createdAt, what: `Call to ${call.to ?? '—'}`, href: `/console/calls/${call.id}`, state: call.endReason, why: call.endReason.replace(/_/g, ' ') });
      }
    }
  }
  if (can('sms:read')) {
    for (const state of ['failed', 'undelivered', 'rejected', 'expired'] as const) {
      const sms = need(await c.GET('/v1/sms', { params: { query: { state, limit: 10 } } }));
      for (const m of sms.data) out.push({ at: m.updatedAt, what: `SMS to ${m.to}`, href: `/console/messages/sms/${m.id}`, state: m.state, why: m.errorDesc ?? m.errorCode ?? '' });
    }
  }
  if (can('email:read')) {
    for (const state of ['bounced', 'failed'] as const) {
      const email = need(await c.GET('/v1/email', { params: { query: { state, limit: 10 } } }));
      for (const m of email.data) out.push({ at: m.updatedAt, what: `Email to ${m.to.join(', ')}`, href: `/console/messages/email/${m.id}`, state: m.state, why: m.errorDesc ?? m.errorCode ?? '' });
    }
  }
  if (can('webhooks:manage')) {
    const endpoints = need(await c.GET('/v1/webhook-endpoints', {}));
    for (const ep of endpoints.data) {
      if (ep.disabledAt || ep.failingSince) {
        out.push({ at: ep.disabledAt ?? ep.failingSince!, what: `Webhook endpoint ${ep.url}`, href: `/console/webhooks/${ep.id}`, state: ep.disabledAt ? 'disabled' : 'failing', why: ep.disabledReason ?? 'its deliveries are failing' });
      }
    }
  }
  return out.sort((a, b) => b.at.localeCompare(a.at)).slice(0, 15);
}
