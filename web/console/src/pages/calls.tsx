import { useState } from 'preact/hooks';
import { useLocation, useRoute } from 'preact-iso';
import { api, need, session, type Body } from '../api.js';
import { duration, kroner, osloTime } from '../format.js';
import { POLL_MS, useAction, useLoad } from '../hooks.js';
import { useCursors, Choice, ErrorNote, Facts, Field, formValues, Loading, Page, Pager, State, Table } from '../ui.js';
import { Timeline } from './timeline.js';
import { useProfiles } from './profiles.js';

type CallQuery = Record<string, string>;

/** Calls, newest first, with filters, cursor paging and a form that places a call. */
export function CallList() {
  const [filters, setFilters] = useState<CallQuery>({});
  const cursors = useCursors();
  const after = cursors.current;
  const list = useLoad(
    async () => need(await api().GET('/v1/calls', { params: { query: { ...filters, ...(after ? { after } : {}), limit: 20 } as never } })),
    [JSON.stringify(filters), after],
    POLL_MS * 2,
  );
  return (
    <Page title="Calls">
      {session()!.scopes.includes('calls:write') ? <NewCall /> : null}
      <form class="filters" aria-label="Filter calls" onSubmit={(e) => { setFilters(toCallQuery(formValues(e))); cursors.reset(); }}>
        <Choice label="State" name="state" options={['', 'dialing', 'ringing', 'in_progress', 'ended']} />
        <Choice label="Direction" name="direction" options={['', 'outbound', 'inbound']} />
        <Field label="Number called (to)" name="number" placeholder="+47…" />
        <Field label="External ref" name="externalRef" id="f-filter-externalRef" />
        <Field label="From date" name="createdFrom" type="date" />
        <Field label="To date" name="createdTo" type="date" />
        <button type="submit">Filter</button>
      </form>
      {list.value === undefined ? <Loading error={list.error} /> : (
        <>
          <ErrorNote error={list.error} />
          <Table caption="Calls" head={['Started', 'From', 'To', 'Direction', 'State', 'Duration', 'Price']} empty="No calls match.">
            {list.value.data.map((c) => (
              <tr>
                <td><a href={`/console/calls/${c.id}`}>{osloTime(c.createdAt)}</a></td>
                <td>{c.from ?? '—'}</td>
                <td>{c.to ?? '—'}</td>
                <td>{c.direction}</td>
                <td><State value={c.state === 'ended' ? (c.endReason ?? 'ended') : c.state} /></td>
                <td>{duration(c.duration)}</td>
                <td>{kroner(c.priceOre)}</td>
              </tr>
            ))}
          </Table>
          <Pager cursors={cursors} page={list.value} />
        </>
      )}
    </Page>
  );
}

// The number filter is the call's `to` (the party dialled; for an inbound call, the number called).
function toCallQuery(values: Record<string, string>): CallQuery {
  const { number, createdFrom, createdTo, ...rest } = values;
  return {
    ...rest,
    ...(number ? { to: number } : {}),
    ...(createdFrom ? { createdFrom } : {}),
    ...(createdTo ? { createdTo } : {}),
  };
}

function NewCall() {
  const { route } = useLocation();
  const profiles = useProfiles();
  const [profileId, setProfileId] = useState<string | null>(null);
  const chosen = profileId ?? profiles.value?.[0]?.id ?? null;
  const numbers = useLoad(async () => (chosen ? need(await api().GET('/v1/numbers', { params: { query: { profileId: chosen, state: 'active' } } })).data : []), [chosen]);
  const action = useAction();
  const submit = (e: Event) => {
    const v = formValues(e);
    void action.run(async () => {
      const call = need(await api().POST('/v1/calls', {
        body: { profileId: v.profileId!, from: v.from!, to: v.to!, ...(v.externalRef ? { externalRef: v.externalRef } : {}) } as never,
      }));
      route(`/console/calls/${(call as { id: string }).id}`);
    });
  };
  return (
    <details class="panel">
      <summary>Place a call</summary>
      <form onSubmit={submit} aria-label="Place a call">
        {profiles.value === undefined ? <Loading error={profiles.error} /> : (
          <p class="field">
            <label for="f-profileId">Profile</label>
            <select id="f-profileId" name="profileId" onChange={(e) => setProfileId((e.currentTarget as HTMLSelectElement).value)}>
              {profiles.value.map((p) => <option value={p.id}>{p.name} ({p.slug})</option>)}
            </select>
          </p>
        )}
        <p class="field">
          <label for="f-from">From (a number of the profile)</label>
          <select id="f-from" name="from" required>
            {(numbers.value ?? []).filter((n) => n.type === 'phone').map((n) => <option value={n.number}>{n.number}</option>)}
          </select>
          {numbers.value?.length === 0 ? <small>The profile has no number yet: <a href="/console/numbers">rent one</a>.</small> : null}
        </p>
        <Field label="To" name="to" required placeholder="+442079460008" hint="Test mode: +442079460008 is the echo phone; other simulated numbers answer too (docs/quickstart.md)." />
        <Field label="External ref (optional)" name="externalRef" />
        <button type="submit" disabled={action.busy}>Call</button>
        <ErrorNote error={action.error} />
      </form>
    </details>
  );
}

type Call = Body<'/v1/calls/{id}', 'get'>;

/** One call: what it is, its participants, its timeline (live), its price, recordings and transcript. */
export function CallPage() {
  const { params } = useRoute();
  const id = params.id!;
  const call = useLoad(async () => need(await api().GET('/v1/calls/{id}', { params: { path: { id } } })), [id], POLL_MS);
  const c = call.value;
  const ended = c?.state === 'ended';
  const hangup = useAction();
  return (
    <Page title={c ? `Call ${c.from ?? ''} → ${c.to ?? ''}` : 'Call'}
      actions={c && !ended && session()!.scopes.includes('calls:write')
        ? <button type="button" disabled={hangup.busy} onClick={() => hangup.run(async () => { need(await api().POST('/v1/calls/{id}/hangup', { params: { path: { id } }, body: {} as never })); await call.reload(); })}>Hang up</button>
        : null}>
      <ErrorNote error={hangup.error} />
      {c === undefined ? <Loading error={call.error} /> : (
        <>
          <Facts items={[
            ['Id', <code>{c.id}</code>],
            ['State', <State value={c.state} />],
            ['Direction', c.direction],
            ['Started', osloTime(c.createdAt)],
            ['Answered', osloTime(c.answeredAt)],
            ['Ended', c.endedAt ? `${osloTime(c.endedAt)} (${c.endReason ?? ''})` : '—'],
            ['Duration', duration(c.duration)],
            ['Price', kroner(c.priceOre)],
            ['External ref', c.externalRef ?? '—'],
          ]} />
          <h2>Participants</h2>
          <Table caption="Participants" head={['Kind', 'Who', 'State', 'Joined', 'Left']} empty="No participants.">
            {c.participants.map((p) => (
              <tr>
                <td>{p.kind}</td>
                <td>{p.to ?? p.displayName ?? p.externalRef ?? p.id}</td>
                <td><State value={p.state} /></td>
                <td>{osloTime(p.joinedAt)}</td>
                <td>{p.leftAt ? `${osloTime(p.leftAt)} (${p.leftReason ?? ''})` : '—'}</td>
              </tr>
            ))}
          </Table>
          <PriceItems call={c} />
          <Recordings id={id} ended={ended} />
          <Transcript id={id} ended={ended} />
        </>
      )}
      <Timeline objectId={id} />
    </Page>
  );
}

function PriceItems(props: { call: Call }) {
  const items = props.call.priceItems;
  return (
    <>
      <h2>Price</h2>
      {items === null ? <p class="muted">Priced when the call ends.</p> : (
        <Table caption="Price items" head={['Item', 'Minutes', 'Rate', 'Amount']} empty="Nothing was charged.">
          {items.map((i) => (
            <tr><td>{i.item}</td><td>{i.minutes}</td><td>{kroner(i.rateOre)}</td><td>{kroner((i as { ore?: number }).ore ?? i.minutes * i.rateOre)}</td></tr>
          ))}
        </Table>
      )}
    </>
  );
}

function Recordings(props: { id: string; ended: boolean }) {
  const list = useLoad(async () => need(await api().GET('/v1/calls/{id}/recordings', { params: { path: { id: props.id } } })).data, [props.id, props.ended]);
  const [urls, setUrls] = useState<Record<string, string>>({});
  const load = useAction();
  const fetchAudio = (recordingId: string) => load.run(async () => {
    const res = await api().GET('/v1/calls/{id}/recordings/{recordingId}', { params: { path: { id: props.id, recordingId } }, parseAs: 'blob' });
    const blob = need(res as { data?: Blob; error?: unknown; response: Response });
    setUrls({ ...urls, [recordingId]: URL.createObjectURL(blob) });
  });
  if (!list.value || list.value.length === 0) return null;
  return (
    <>
      <h2>Recordings</h2>
      <ErrorNote error={load.error} />
      <ul class="plain">
        {list.value.map((r) => (
          <li>
            {osloTime(r.createdAt)}, {Math.round(r.durationMs / 1000)} s{' '}
            {urls[r.id] ? <audio controls src={urls[r.id]} aria-label={`Recording ${r.id}`} /> : <button type="button" onClick={() => fetchAudio(r.id)}>Play</button>}
          </li>
        ))}
      </ul>
    </>
  );
}

function Transcript(props: { id: string; ended: boolean }) {
  const t = useLoad(async () => {
    const res = await api().GET('/v1/calls/{id}/transcript', { params: { path: { id: props.id } } });
    return res.data ?? null;
  }, [props.id, props.ended]);
  if (!t.value) return null;
  return (
    <>
      <h2>Transcript</h2>
      <pre class="transcript">{t.value.text}</pre>
    </>
  );
}
