import { useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { api, need } from '../api.js';
import { fromOsloInput, osloInput, osloTime } from '../format.js';
import { POLL_MS, useAction, useLoad } from '../hooks.js';
import { useCursors, ErrorNote, Facts, Field, formValues, Loading, Page, Pager, State, Table } from '../ui.js';

/** The secret shown once, after creating an endpoint or rotating its secret. */
function Secret(props: { value: string | null }) {
  if (!props.value) return null;
  return (
    <p class="once" role="status">Signing secret, shown only now: <code id="secret">{props.value}</code></p>
  );
}

/** Webhook endpoints: their health, and a form that adds one. */
export function Webhooks() {
  const list = useLoad(async () => need(await api().GET('/v1/webhook-endpoints', {})).data, [], POLL_MS * 2);
  const create = useAction();
  const [secret, setSecret] = useState<string | null>(null);
  const submit = (e: Event) => {
    const v = formValues(e);
    void create.run(async () => {
      const events = (v.events ?? '*').split(/[\s,]+/).filter(Boolean);
      const ep = need(await api().POST('/v1/webhook-endpoints', { body: { url: v.url!, events, ...(v.description ? { description: v.description } : {}) } }));
      setSecret(ep.secret);
      (e.target as HTMLFormElement).reset();
      await list.reload();
    });
  };
  return (
    <Page title="Webhooks">
      <details class="panel">
        <summary>Add an endpoint</summary>
        <form onSubmit={submit} aria-label="Add a webhook endpoint">
          <Field label="URL" name="url" type="url" required placeholder="https://example.com/hooks/sentral" />
          <Field label="Events" name="events" value="*" hint="Event types separated by spaces: call.ended, call.* or * for all." />
          <Field label="Description" name="description" />
          <button type="submit" disabled={create.busy}>Add</button>
          <ErrorNote error={create.error} />
        </form>
      </details>
      <Secret value={secret} />
      {list.value === undefined ? <Loading error={list.error} /> : (
        <Table caption="Webhook endpoints" head={['URL', 'Events', 'Health', 'Created']} empty="No endpoints yet.">
          {list.value.map((ep) => (
            <tr>
              <td><a href={`/console/webhooks/${ep.id}`}>{ep.url}</a></td>
              <td>{ep.events.join(' ')}</td>
              <td><State value={ep.disabled ? 'disabled' : ep.failingSince ? 'failing' : 'active'} /></td>
              <td>{osloTime(ep.createdAt)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Page>
  );
}

/**
 * One endpoint: its failure state (revive), its secret (rotate), a test event, every attempt with its
 * response status, body excerpt and latency, and redelivery of an event (also one still waiting for its
 * next retry, which is then sent at once) or of every delivery that gave up.
 */
export function EndpointPage() {
  const { params } = useRoute();
  const id = params.id!;
  const endpoint = useLoad(async () => need(await api().GET('/v1/webhook-endpoints/{id}', { params: { path: { id } } })), [id], POLL_MS * 2);
  const cursors = useCursors();
  const before = cursors.current;
  const attempts = useLoad(
    async () => need(await api().GET('/v1/webhook-endpoints/{id}/attempts', { params: { path: { id }, query: { limit: 25, ...(before ? { before } : {}) } } })),
    [id, before],
    POLL_MS,
  );
  const failed = useLoad(async () => need(await api().GET('/v1/webhook-endpoints/{id}/failed-deliveries', { params: { path: { id }, query: { limit: 25 } } })).data, [id], POLL_MS * 2);
  const action = useAction();
  const [secret, setSecret] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const refresh = async () => Promise.all([endpoint.reload(), attempts.reload(), failed.reload()]);
  const redeliver = (eventId: string) => action.run(async () => {
    const d = need(await api().POST('/v1/events/{id}/redeliver', { params: { path: { id: eventId } }, body: { endpointId: id } }));
    setNote(`Event ${eventId} is being sent again (delivery ${d.id}).`);
    await refresh();
  });
  const ep = endpoint.value;
  return (
    <Page title="Webhook endpoint">
      {ep === undefined ? <Loading error={endpoint.error} /> : (
        <>
          <Facts items={[
            ['URL', <code>{ep.url}</code>],
            ['Events', ep.events.join(' ')],
            ['Health', <State value={ep.disabled ? 'disabled' : ep.failingSince ? 'failing' : 'active'} />],
            ['Failing since', osloTime(ep.failingSince)],
            ['Disabled', ep.disabled ? `${osloTime(ep.disabledAt)} (${ep.disabledReason ?? ''})` : 'no'],
          ]} />
          <div class="actions">
            {ep.disabled ? <button type="button" disabled={action.busy} onClick={() => action.run(async () => { need(await api().POST('/v1/webhook-endpoints/{id}/revive', { params: { path: { id } } })); await refresh(); })}>Revive</button> : null}
            <button type="button" disabled={action.busy} onClick={() => action.run(async () => { need(await api().POST('/v1/webhook-endpoints/{id}/test', { params: { path: { id } } })); setNote('A webhook.test event is on its way.'); await refresh(); })}>Send a test event</button>
            <button type="button" disabled={action.busy} onClick={() => action.run(async () => { const r = need(await api().POST('/v1/webhook-endpoints/{id}/rotate-secret', { params: { path: { id } }, body: {} as never })); setSecret(r.secret); })}>Rotate secret</button>
            <button type="button" disabled={action.busy} onClick={() => action.run(async () => { const r = need(await api().POST('/v1/webhook-endpoints/{id}/recover-failed', { params: { path: { id } }, body: {} })); setNote(`${r.recovered} ${r.recovered === 1 ? 'delivery' : 'deliveries'} that gave up ${r.recovered === 1 ? 'is' : 'are'} being sent again.`); await refresh(); })}>Resend all that gave up</button>
          </div>
          <RecoverRange busy={action.busy} recover={(since, until) => action.run(async () => {
            const r = need(await api().POST('/v1/webhook-endpoints/{id}/recover-failed', { params: { path: { id } }, body: { since, ...(until ? { until } : {}) } }));
            setNote(`${r.recovered} ${r.recovered === 1 ? 'delivery' : 'deliveries'} that gave up between ${osloTime(since)} and ${until ? osloTime(until) : 'now'} ${r.recovered === 1 ? 'is' : 'are'} being sent again.`);
            await refresh();
          })} />
        </>
      )}
      <Secret value={secret} />
      {note ? <p role="status" class="note">{note}</p> : null}
      <ErrorNote error={action.error} />
      <h2>Attempts</h2>
      {attempts.value === undefined ? <Loading error={attempts.error} /> : (
        <>
          <Table caption="Delivery attempts, newest first" head={['When', 'Event', 'Status', 'Latency', 'Response', '']} empty="No attempts yet.">
            {attempts.value.data.map((a) => (
              <tr data-event={a.eventId}>
                <td>{osloTime(a.attemptedAt)}</td>
                <td><code>{a.eventId}</code></td>
                <td>{a.statusCode !== null && a.statusCode < 300 ? <State value={String(a.statusCode)} tone="good" /> : <State value={a.statusCode !== null ? `failed ${a.statusCode}` : 'failed'} tone="bad" />}</td>
                <td>{a.durationMs} ms</td>
                <td class="clip"><code>{a.error ?? a.responseBody ?? ''}</code></td>
                <td><button type="button" disabled={action.busy} onClick={() => redeliver(a.eventId)} aria-label={`Redeliver event ${a.eventId}`}>Redeliver</button></td>
              </tr>
            ))}
          </Table>
          <Pager cursors={cursors} page={attempts.value} />
        </>
      )}
      <h2>Deliveries that gave up</h2>
      {failed.value === undefined ? <Loading error={failed.error} /> : (
        <Table caption="Deliveries that gave up" head={['Event', 'Type', 'Attempts', 'Gave up', '']} empty="None: every delivery arrived or is still being retried.">
          {failed.value.map((d) => (
            <tr>
              <td><code>{d.eventId}</code></td>
              <td>{d.eventType}</td>
              <td>{d.attemptCount}</td>
              <td>{osloTime(d.completedAt)}</td>
              <td><button type="button" disabled={action.busy} onClick={() => redeliver(d.eventId)}>Redeliver</button></td>
            </tr>
          ))}
        </Table>
      )}
    </Page>
  );
}

/** Recover the deliveries that gave up in a time range (Oslo time), as after an outage of the receiver. */
function RecoverRange(props: { busy: boolean; recover: (since: string, until: string | null) => unknown }) {
  const [since, setSince] = useState(() => osloInput(Date.now() - 24 * 3_600_000));
  const [until, setUntil] = useState('');
  const submit = (e: Event) => {
    e.preventDefault();
    void props.recover(fromOsloInput(since), until ? fromOsloInput(until) : null);
  };
  return (
    <details class="panel">
      <summary>Recover a time range</summary>
      <form onSubmit={submit} aria-label="Recover a time range">
        <p class="field">
          <label for="f-since">Since (Oslo time)</label>
          <input id="f-since" type="datetime-local" required value={since} onInput={(e) => setSince(e.currentTarget.value)} />
        </p>
        <p class="field">
          <label for="f-until">Until (Oslo time)</label>
          <input id="f-until" type="datetime-local" value={until} onInput={(e) => setUntil(e.currentTarget.value)} aria-describedby="f-until-hint" />
          <small id="f-until-hint">Empty: until now.</small>
        </p>
        <button type="submit" disabled={props.busy}>Recover</button>
      </form>
    </details>
  );
}
