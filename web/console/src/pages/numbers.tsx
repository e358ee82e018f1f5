import { useState } from 'preact/hooks';
import { api, need, session, type Body } from '../api.js';
import { kroner, osloTime } from '../format.js';
import { POLL_MS, useAction, useLoad } from '../hooks.js';
import { Choice, ErrorNote, Field, formValues, Loading, Page, State, Table } from '../ui.js';
import { useProfiles } from './profiles.js';

type PhoneNumber = Body<'/v1/numbers/{id}', 'get'>;

/** The numbers rented, what can be rented, and each number's settings; release. */
export function Numbers() {
  const writable = session()!.scopes.includes('numbers:write');
  const rented = useLoad(async () => need(await api().GET('/v1/numbers', { params: { query: { limit: 100 } } })).data, [], POLL_MS * 5);
  const [editing, setEditing] = useState<string | null>(null);
  const action = useAction();
  const release = (n: PhoneNumber) => action.run(async () => {
    if (!globalThis.confirm(`Release ${n.number}? It stays yours until the end of its paid month.`)) return;
    need(await api().DELETE('/v1/numbers/{id}', { params: { path: { id: n.id } } }));
    await rented.reload();
  });
  return (
    <Page title="Numbers">
      {writable ? <Rent onRented={rented.reload} /> : null}
      <ErrorNote error={action.error} />
      {rented.value === undefined ? <Loading error={rented.error} /> : (
        <Table caption="Numbers" head={['Number', 'Type', 'Status', 'Inbound', 'Assigned to', 'Paid until', '']} empty="No numbers yet.">
          {rented.value.map((n) => (
            <>
              <tr>
                <td>{n.number}</td>
                <td>{n.type}{n.smsEnabled ? ' + SMS' : ''}</td>
                <td><State value={n.releaseAt ? `released ${osloTime(n.releaseAt)}` : n.state} /></td>
                <td>{n.inboundMode}{n.inboundMode === 'api' ? ` (${n.decideWithinSeconds} s)` : ''}{n.routing ? `, then ${n.routing.type}` : ''}</td>
                <td>{n.assignedTo ?? '—'}</td>
                <td>{osloTime(n.paidUntil)}</td>
                <td>
                  {writable && n.state !== 'released' ? (
                    <>
                      <button type="button" aria-expanded={editing === n.id} onClick={() => setEditing(editing === n.id ? null : n.id)}>Configure</button>{' '}
                      {n.releaseAt ? null : <button type="button" onClick={() => release(n)}>Release</button>}
                    </>
                  ) : null}
                </td>
              </tr>
              {editing === n.id ? <tr><td colSpan={7}><Configure number={n} onSaved={async () => { setEditing(null); await rented.reload(); }} /></td></tr> : null}
            </>
          ))}
        </Table>
      )}
    </Page>
  );
}

function Rent(props: { onRented: () => Promise<void> }) {
  const profiles = useProfiles();
  const [type, setType] = useState<'phone' | 'sms'>('phone');
  const available = useLoad(async () => need(await api().GET('/v1/available-numbers', { params: { query: { type, limit: 10 } } })).data, [type]);
  const action = useAction();
  const [profileId, setProfileId] = useState<string | null>(null);
  const chosen = profileId ?? profiles.value?.[0]?.id;
  const rent = (number: string) => action.run(async () => {
    need(await api().POST('/v1/numbers', { body: { profileId: chosen!, number } }));
    await Promise.all([props.onRented(), available.reload()]);
  });
  return (
    <details class="panel">
      <summary>Rent a number</summary>
      <div class="row">
        {profiles.value === undefined ? <Loading error={profiles.error} /> : (
          <p class="field">
            <label for="rent-profile">For profile</label>
            <select id="rent-profile" onChange={(e) => setProfileId((e.currentTarget as HTMLSelectElement).value)}>
              {profiles.value.map((p) => <option value={p.id}>{p.name} ({p.slug})</option>)}
            </select>
          </p>
        )}
        <p class="field">
          <label for="rent-type">Type</label>
          <select id="rent-type" onChange={(e) => setType((e.currentTarget as HTMLSelectElement).value as 'phone' | 'sms')}>
            <option value="phone">phone (calls and SMS)</option>
            <option value="sms">sms (a dedicated SMS number)</option>
          </select>
        </p>
      </div>
      {session()!.mode === 'test' ? <p class="muted">Test numbers: free, reached only by the simulated network; a live key rents real ones.</p> : null}
      <ErrorNote error={action.error} />
      {available.value === undefined ? <Loading error={available.error} /> : (
        <Table caption="Available numbers" head={['Number', 'Monthly rent', '']} empty="No numbers of this type are available.">
          {available.value.map((a) => (
            <tr>
              <td>{a.number}</td>
              <td>{kroner(a.monthlyRentOre)}</td>
              <td><button type="button" disabled={action.busy || !chosen} onClick={() => rent(a.number)} aria-label={`Rent ${a.number}`}>Rent</button></td>
            </tr>
          ))}
        </Table>
      )}
    </details>
  );
}

function Configure(props: { number: PhoneNumber; onSaved: () => Promise<void> }) {
  const n = props.number;
  const action = useAction();
  const submit = (e: Event) => {
    const v = formValues(e);
    void action.run(async () => {
      const routing = v.routing === 'forward' ? { type: 'forward' as const, to: v.forwardTo ?? '' }
        : v.routing === 'message' ? { type: 'message' as const, text: v.message ?? '' }
          : v.routing === 'browser' ? { type: 'browser' as const }
            : null;
      need(await api().PATCH('/v1/numbers/{id}', {
        params: { path: { id: n.id } },
        body: {
          inboundMode: v.inboundMode as 'api' | 'routing',
          decideWithinSeconds: Number(v.decideWithinSeconds ?? n.decideWithinSeconds),
          routing,
          assignedTo: v.assignedTo ?? null,
          ...(n.type === 'phone' ? { smsEnabled: v.smsEnabled === 'on' } : {}),
        },
      }));
      await props.onSaved();
    });
  };
  const r = n.routing;
  return (
    <form class="configure" onSubmit={submit} aria-label={`Configure ${n.number}`}>
      <Choice label="Inbound calls" name="inboundMode" value={n.inboundMode} options={[['api', 'api: call.incoming, wait for a decision'], ['routing', 'routing: run the routing at once']]} />
      <Field label="Decision window (seconds)" name="decideWithinSeconds" type="number" value={String(n.decideWithinSeconds)} />
      <Choice label="Routing" name="routing" value={r?.type ?? ''} options={[['', 'none'], ['forward', 'forward to a number'], ['message', 'play a message'], ['browser', 'ring browsers']]} />
      <Field label="Forward to" name="forwardTo" value={r?.type === 'forward' ? r.to : ''} placeholder="+47…" />
      <Field label="Message" name="message" value={r?.type === 'message' ? r.text : ''} />
      <Field label="Assigned to" name="assignedTo" value={n.assignedTo ?? ''} />
      {n.type === 'phone' ? (
        <p class="field check"><input id={`sms-${n.id}`} name="smsEnabled" type="checkbox" checked={n.smsEnabled} /> <label for={`sms-${n.id}`}>Send SMS from this number</label></p>
      ) : null}
      <button type="submit" disabled={action.busy}>Save</button>
      <ErrorNote error={action.error} />
    </form>
  );
}
