import { useState } from 'preact/hooks';
import { api, need } from '../api.js';
import { kroner, osloTime } from '../format.js';
import { useAction, useLoad } from '../hooks.js';
import { useCursors, ErrorNote, Loading, Page, Pager, Table } from '../ui.js';

/** Contacts, newest first, and the contact lists. */
export function Contacts() {
  const cursors = useCursors();
  const before = cursors.current;
  const contacts = useLoad(async () => need(await api().GET('/v1/contacts', { params: { query: { limit: 50, ...(before ? { before } : {}) } as never } })), [before]);
  const lists = useLoad(async () => need(await api().GET('/v1/contact-lists', { params: { query: {} as never } })).data, []);
  return (
    <Page title="Contacts">
      <h2>Contact lists</h2>
      {lists.value === undefined ? <Loading error={lists.error} /> : (
        <Table caption="Contact lists" head={['Name', 'Created']} empty="No lists yet.">
          {lists.value.map((l) => <tr><td>{l.name}</td><td>{osloTime(l.createdAt)}</td></tr>)}
        </Table>
      )}
      <h2>Contacts</h2>
      {contacts.value === undefined ? <Loading error={contacts.error} /> : (
        <>
          <Table caption="Contacts" head={['Name', 'Phone', 'Email', 'Created']} empty="No contacts yet.">
            {contacts.value.data.map((c) => (
              <tr>
                <td>{c.name ?? '—'}</td>
                <td>{c.phone ?? '—'}</td>
                <td>{c.email ?? '—'}</td>
                <td>{osloTime(c.createdAt)}</td>
              </tr>
            ))}
          </Table>
          <Pager cursors={cursors} page={contacts.value} />
        </>
      )}
    </Page>
  );
}

/** Message templates, with a preview that renders, counts SMS units and prices. */
export function Templates() {
  const templates = useLoad(async () => need(await api().GET('/v1/templates', { params: { query: {} as never } })).data, []);
  const [preview, setPreview] = useState<Record<string, string>>({});
  const action = useAction();
  const show = (id: string) => action.run(async () => {
    const p = need(await api().POST('/v1/templates/{id}/preview', { params: { path: { id } }, body: {} }));
    const units = p.sms ? `, ${p.sms.units} ${p.sms.units === 1 ? 'unit' : 'units'} (${p.sms.encoding})` : '';
    setPreview({ ...preview, [id]: `${p.subject ?? p.body ?? ''}${units}, ${kroner(p.priceOre)}` });
  });
  return (
    <Page title="Templates">
      <ErrorNote error={action.error} />
      {templates.value === undefined ? <Loading error={templates.error} /> : (
        <Table caption="Templates" head={['Name', 'Channel', 'Updated', 'Preview']} empty="No templates yet.">
          {templates.value.map((t) => (
            <tr>
              <td>{t.name}</td>
              <td>{t.channel}</td>
              <td>{osloTime(t.updatedAt)}</td>
              <td>{preview[t.id] ?? <button type="button" onClick={() => show(t.id)}>Preview</button>}</td>
            </tr>
          ))}
        </Table>
      )}
    </Page>
  );
}
