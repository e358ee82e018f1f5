import { useRef } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { api, need, session, type Body } from '../api.js';
import { kroner, osloTime } from '../format.js';
import { POLL_MS, useAction, useLoad } from '../hooks.js';
import { ErrorNote, Facts, Loading, Page, State, Table } from '../ui.js';
import { Timeline } from './timeline.js';

type Campaign = Body<'/v1/campaigns/{id}', 'get'>;
const done = (c: Campaign['counts']) => c.sent + c.delivered + c.failed;

/** Campaigns, newest first, with their progress. */
export function CampaignList() {
  const list = useLoad(async () => need(await api().GET('/v1/campaigns', { params: { query: { limit: 50 } } })).data, [], POLL_MS * 2);
  return (
    <Page title="Campaigns">
      {list.value === undefined ? <Loading error={list.error} /> : (
        <Table caption="Campaigns" head={['Name', 'Channel', 'Status', 'Progress', 'Spent']} empty="No campaigns yet.">
          {list.value.map((c) => (
            <tr>
              <td><a href={`/console/campaigns/${c.id}`}>{c.name}</a></td>
              <td>{c.channel}</td>
              <td><State value={c.state} /></td>
              <td>{done(c.counts)} of {c.counts.recipients}</td>
              <td>{kroner(c.money.spentOre)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Page>
  );
}

/** One campaign, live: counts by state, messages per second, money; pause, resume, cancel. */
export function CampaignPage() {
  const { params } = useRoute();
  const id = params.id!;
  // Messages handed on per second between polls, from the counts (the last minute or so).
  const samples = useRef<{ at: number; done: number }[]>([]);
  const campaign = useLoad(async () => {
    const c = need(await api().GET('/v1/campaigns/{id}', { params: { path: { id } } }));
    samples.current = [...samples.current, { at: Date.now(), done: done(c.counts) }].slice(-30);
    return c;
  }, [id], POLL_MS);
  const action = useAction();
  const act = (verb: 'pause' | 'resume' | 'cancel') => action.run(async () => {
    const path = `/v1/campaigns/{id}/${verb}` as '/v1/campaigns/{id}/pause';
    need(await api().POST(path, { params: { path: { id } } }));
    await campaign.reload();
  });
  const c = campaign.value;
  const writable = session()!.scopes.includes('campaigns:write');
  return (
    <Page title={c ? `Campaign ${c.name}` : 'Campaign'}>
      <ErrorNote error={action.error} />
      {c === undefined ? <Loading error={campaign.error} /> : (
        <>
          <Facts items={[
            ['Status', <State value={c.state} />],
            ['Channel', `${c.channel} from ${c.sender}`],
            ['Rate', `${c.rate} a second at most`],
            ['Started', osloTime(c.startedAt)],
            ['Finished', osloTime(c.finishedAt)],
            ['Reserved', kroner(c.money.reservedOre)],
            ['Spent', kroner(c.money.spentOre)],
            ['Released', kroner(c.money.releasedOre)],
          ]} />
          {writable ? (
            <div class="actions">
              {c.state === 'running' ? <button type="button" disabled={action.busy} onClick={() => act('pause')}>Pause</button> : null}
              {c.state === 'paused' ? <button type="button" disabled={action.busy} onClick={() => act('resume')}>Resume</button> : null}
              {['running', 'paused', 'scheduled'].includes(c.state) ? <button type="button" disabled={action.busy} onClick={() => act('cancel')}>Cancel</button> : null}
            </div>
          ) : null}
          <h2>Recipients by state</h2>
          <Progress counts={c.counts} />
          <h2>Sent per second</h2>
          <Rate samples={samples.current} />
        </>
      )}
      <Timeline objectId={id} />
    </Page>
  );
}

const PARTS = ['delivered', 'sent', 'failed', 'skipped', 'canceled', 'pending'] as const;

function Progress(props: { counts: Campaign['counts'] }) {
  const total = Math.max(1, props.counts.recipients);
  let x = 0;
  return (
    <figure class="chart">
      <svg viewBox="0 0 400 24" role="img" aria-label={PARTS.map((p) => `${p} ${props.counts[p]}`).join(', ')}>
        {PARTS.map((p) => {
          const w = (props.counts[p] / total) * 400;
          const rect = <rect x={x} y={0} width={w} height={24} class={`part ${p}`} />;
          x += w;
          return rect;
        })}
      </svg>
      <figcaption>
        <ul class="legend">{PARTS.map((p) => <li><span class={`swatch ${p}`} /> {p} <strong>{props.counts[p]}</strong></li>)}</ul>
      </figcaption>
    </figure>
  );
}

function Rate(props: { samples: { at: number; done: number }[] }) {
  const s = props.samples;
  const rates = s.slice(1).map((b, i) => Math.max(0, (b.done - s[i]!.done) / Math.max(0.001, (b.at - s[i]!.at) / 1000)));
  if (rates.length === 0) return <p class="muted">Measured while this page is open.</p>;
  const max = Math.max(1, ...rates);
  const points = rates.map((r, i) => `${(i / Math.max(1, rates.length - 1)) * 400},${60 - (r / max) * 56}`).join(' ');
  const last = rates[rates.length - 1]!;
  return (
    <figure class="chart">
      <svg viewBox="0 0 400 60" role="img" aria-label={`Now ${last.toFixed(1)} messages a second, at most ${max.toFixed(1)}`}>
        <polyline points={points} class="line" />
      </svg>
      <figcaption>Now {last.toFixed(1).replace('.', ',')} a second (the last {rates.length} polls)</figcaption>
    </figure>
  );
}
