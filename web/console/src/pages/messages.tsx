import { useEffect, useState } from 'preact/hooks';
import { useLocation, useRoute } from 'preact-iso';
import { api, need, session } from '../api.js';
import { kroner, osloTime } from '../format.js';
import { POLL_MS, useAction, useLoad } from '../hooks.js';
import { useCursors, Choice, ErrorNote, Facts, Field, formValues, Loading, Page, Pager, State, Table } from '../ui.js';
import { Timeline } from './timeline.js';
import { useProfiles } from './profiles.js';

type Channel = 'sms' | 'email' | 'letters';
const CHANNELS: [Channel, string, string][] = [['sms', 'SMS', 'sms:read'], ['email', 'Email', 'email:read'], ['letters', 'Letters', 'letters:read']];
const STATES: Record<Channel, string[]> = {
  sms: ['', 'scheduled', 'accepted', 'sending', 'sent', 'delivered', 'undelivered', 'expired', 'rejected', 'failed', 'canceled', 'received'],
  email: ['', 'scheduled', 'accepted', 'sending', 'sent', 'delivered', 'bounced', 'failed', 'canceled'],
  letters: ['', 'scheduled', 'accepted', 'sending', 'delivered', 'delivered_to_print', 'read', 'failed', 'canceled'],
};

interface Row {
  id: string;
  at: string;
  to: string;
  what: string;
  state: string;
  priceOre: number;
}

async function listPage(channel: Channel, state: string | undefined, before: string | undefined): Promise<{ rows: Row[]; hasMore: boolean; nextCursor: string | null }> {
  const query = { limit: 20, ...(state ? { state } : {}), ...(before ? { before } : {}) } as never;
  if (channel === 'sms') {
    const page = need(await api().GET('/v1/sms', { params: { query } }));
    return { hasMore: page.hasMore, nextCursor: page.nextCursor, rows: page.data.map((m) => ({ id: m.id, at: m.createdAt, to: m.to, what: m.text, state: m.state, priceOre: m.priceOre })) };
  }
  if (channel === 'email') {
    const page = need(await api().GET('/v1/email', { params: { query } }));
    return { hasMore: page.hasMore, nextCursor: page.nextCursor, rows: page.data.map((m) => ({ id: m.id, at: m.createdAt, to: m.to.join(', '), what: m.subject, state: m.state, priceOre: m.priceOre })) };
  }
  const page = need(await api().GET('/v1/letters', { params: { query } }));
  return { hasMore: page.hasMore, nextCursor: page.nextCursor, rows: page.data.map((m) => ({ id: m.id, at: m.createdAt, to: recipientOf(m.recipient), what: m.subject, state: m.state, priceOre: m.priceOre })) };
}

/** A letter's recipient as a line: the name, then how it is reached (masked national id, organisation number, address). */
function recipientOf(r: { name?: string; nationalId?: string; organisationNumber?: string; address?: { lines: string[]; postalCode: string; city: string } }): string {
  const how = r.nationalId ? `national id ${r.nationalId}` : r.organisationNumber ? `org. no. ${r.organisationNumber}` : r.address ? [...r.address.lines, `${r.address.postalCode} ${r.address.city}`].join(', ') : '';
  return [r.name, how].filter(Boolean).join(', ') || '—';
}

/** SMS, email and letters, newest first, by channel and state; and a form that sends an SMS. */
export function MessageList() {
  const scopes = session()!.scopes;
  const channels = CHANNELS.filter(([, , scope]) => scopes.includes(scope));
  const [channel, setChannel] = useState<Channel>(channels[0]?.[0] ?? 'sms');
  const [state, setState] = useState<string>('');
  const cursors = useCursors();
  const before = cursors.current;
  const list = useLoad(() => listPage(channel, state || undefined, before), [channel, state, before], POLL_MS * 2);
  const pick = (c: Channel) => { setChannel(c); setState(''); cursors.reset(); };
  return (
    <Page title="Messages">
      {scopes.includes('sms:send') ? <SendSms /> : null}
      <div class="tabs" role="tablist" aria-label="Channel">
        {channels.map(([c, label]) => (
          <button type="button" role="tab" aria-selected={c === channel} onClick={() => pick(c)}>{label}</button>
        ))}
      </div>
      {STATES[channel].length > 1 ? (
        <form class="filters" aria-label="Filter messages" onSubmit={(e) => { setState(formValues(e).state ?? ''); cursors.reset(); }}>
          <Choice label="State" name="state" options={STATES[channel]} value={state} />
          <button type="submit">Filter</button>
        </form>
      ) : null}
      {list.value === undefined ? <Loading error={list.error} /> : (
        <>
          <ErrorNote error={list.error} />
          <Table caption={`${channel} messages`} head={['Created', 'To', 'Content', 'State', 'Price']} empty="No messages match.">
            {list.value.rows.map((m) => (
              <tr>
                <td><a href={`/console/messages/${channel}/${m.id}`}>{osloTime(m.at)}</a></td>
                <td>{m.to}</td>
                <td class="clip">{m.what}</td>
                <td><State value={m.state} /></td>
                <td>{kroner(m.priceOre)}</td>
              </tr>
            ))}
          </Table>
          <Pager cursors={cursors} page={list.value} />
        </>
      )}
    </Page>
  );
}

function SendSms() {
  const { route } = useLocation();
  const profiles = useProfiles();
  const action = useAction();
  const submit = (e: Event) => {
    const v = formValues(e);
    void action.run(async () => {
      const sms = need(await api().POST('/v1/sms', { body: { profileId: v.profileId!, from: v.from!, to: v.to!, text: v.text! } as never }));
      route(`/console/messages/sms/${(sms as { id: string }).id}`);
    });
  };
  return (
    <details class="panel">
      <summary>Send an SMS</summary>
      <form onSubmit={submit} aria-label="Send an SMS">
        {profiles.value === undefined ? <Loading error={profiles.error} /> : (
          <Choice label="Profile" name="profileId" options={profiles.value.map((p) => [p.id, `${p.name} (${p.slug})`] as [string, string])} />
        )}
        <Field label="From" name="from" required placeholder="a sender name or a number of the profile" />
        <Field label="To" name="to" required placeholder="+4741234567" />
        <p class="field">
          <label for="f-text">Text</label>
          <textarea id="f-text" name="text" rows={3} required />
        </p>
        <button type="submit" disabled={action.busy}>Send</button>
        <ErrorNote error={action.error} />
      </form>
    </details>
  );
}

/** One message: its fields, units and price, why it failed, and its status history (live). */
export function MessagePage() {
  const { params } = useRoute();
  const channel = params.channel as Channel;
  const id = params.id!;
  const message = useLoad(async (): Promise<[string, unknown][]> => {
    if (channel === 'sms') {
      const m = need(await api().GET('/v1/sms/{id}', { params: { path: { id } } }));
      return [['Id', m.id], ['State', <State value={m.state} />], ['Direction', m.direction], ['From', m.from], ['To', m.to], ['Text', m.text],
        ['Units', `${m.units} (${m.encoding})`], ['Price', kroner(m.priceOre)], ['Why it failed', m.errorDesc ?? m.errorCode ?? '—'],
        ['Created', osloTime(m.createdAt)], ['Updated', osloTime(m.updatedAt)]];
    }
    if (channel === 'email') {
      const m = need(await api().GET('/v1/email/{id}', { params: { path: { id } } }));
      return [['Id', m.id], ['State', <State value={m.state} />], ['From', m.from], ['To', m.to.join(', ')], ['Subject', m.subject],
        ['Price', kroner(m.priceOre)],
        ['DKIM', m.dkim ? `signed by ${m.dkim.domain} (selector ${m.dkim.selector}) at ${osloTime(m.dkim.signedAt)}` : 'not signed yet: signed when handed to the relay'],
        ['Bounce reason', m.errorCode ? `${m.errorDesc ?? ''} (${m.errorCode})` : '—'], ['Created', osloTime(m.createdAt)], ['Updated', osloTime(m.updatedAt)]];
    }
    const m = need(await api().GET('/v1/letters/{id}', { params: { path: { id } } }));
    return [['Id', m.id], ['State', <State value={m.state} />], ['To', recipientOf(m.recipient)], ['Subject', m.subject], ['Pages', String(m.pages)],
      ['Price', kroner(m.priceOre)], ['Why it failed', m.errorCode ? `${m.errorDesc ?? ''} (${m.errorCode})` : '—'], ['Created', osloTime(m.createdAt)]];
  }, [channel, id], POLL_MS);
  return (
    <Page title={channel === 'sms' ? 'SMS' : channel === 'email' ? 'Email' : 'Letter'}>
      {message.value === undefined ? <Loading error={message.error} /> : <Facts items={message.value as [string, string][]} />}
      {channel === 'letters' ? <LetterPdf id={id} /> : null}
      <Timeline objectId={id} title="Status history" />
    </Page>
  );
}

/** The letter's PDF, fetched with the session's client and shown in the page (a blob: URL, as the CSP allows). */
function LetterPdf(props: { id: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const load = useAction();
  useEffect(() => () => { if (url) URL.revokeObjectURL(url); }, [url]);
  const show = () => load.run(async () => {
    const res = await api().GET('/v1/letters/{id}/pdf', { params: { path: { id: props.id } }, parseAs: 'blob' });
    const blob = need(res as { data?: Blob; error?: unknown; response: Response });
    setUrl(URL.createObjectURL(new Blob([blob], { type: 'application/pdf' })));
  });
  return (
    <section aria-labelledby="pdf-title">
      <h2 id="pdf-title">The letter</h2>
      {url ? (
        <>
          <p><a href={url} download={`${props.id}.pdf`}>Download the PDF</a></p>
          <iframe class="pdf" src={url} title={`The letter ${props.id} as PDF`} />
        </>
      ) : <button type="button" onClick={show} disabled={load.busy}>Show the PDF</button>}
      <ErrorNote error={load.error} />
    </section>
  );
}
