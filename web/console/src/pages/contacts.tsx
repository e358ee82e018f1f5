import { useState } from 'preact/hooks';
import { api, need, session, type Body } from '../api.js';
import { kroner, osloTime } from '../format.js';
import { useAction, useLoad } from '../hooks.js';
import { useCursors, Choice, ErrorNote, Facts, Loading, Page, Pager, Table } from '../ui.js';
import { useProfiles } from './profiles.js';

type ImportReport = Body<'/v1/contacts/imports', 'post'>;

/** Contacts, newest first, and the contact lists. */
export function Contacts() {
  const cursors = useCursors();
  const before = cursors.current;
  const contacts = useLoad(async () => need(await api().GET('/v1/contacts', { params: { query: { limit: 50, ...(before ? { before } : {}) } as never } })), [before]);
  const lists = useLoad(async () => need(await api().GET('/v1/contact-lists', { params: { query: {} as never } })).data, []);
  const refresh = () => Promise.all([contacts.reload(), lists.reload()]);
  return (
    <Page title="Contacts">
      {session()!.scopes.includes('contacts:write') ? <ImportContacts lists={lists.value ?? []} imported={refresh} /> : null}
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

/** Imports a CSV file (POST /v1/contacts/imports) and shows its report: rows read, created, updated, refused and why. */
function ImportContacts(props: { lists: { id: string; name: string; profileId: string }[]; imported: () => Promise<unknown> }) {
  const profiles = useProfiles();
  const action = useAction();
  const [report, setReport] = useState<ImportReport | null>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const file = form.get('file') as File;
    const listId = String(form.get('listId') ?? '');
    const query = { profileId: String(form.get('profileId')), ...(listId ? { listId } : {}) };
    void action.run(async () => {
      setReport(null);
      // The file is the body as it is: the API streams it through its CSV parser.
      const res = await api().POST('/v1/contacts/imports', { params: { query }, body: file as never, bodySerializer: (b: unknown) => b as Blob, headers: { 'content-type': 'text/csv' } });
      setReport(need(res));
      await props.imported();
    });
  };
  return (
    <details class="panel">
      <summary>Import contacts from a CSV file</summary>
      <form onSubmit={submit} aria-label="Import contacts">
        {profiles.value === undefined ? <Loading error={profiles.error} /> : (
          <Choice label="Profile" name="profileId" options={profiles.value.map((p) => [p.id, `${p.name} (${p.slug})`] as [string, string])} />
        )}
        <Choice label="Add to list" name="listId" options={[['', 'no list'], ...props.lists.map((l) => [l.id, l.name] as [string, string])]} />
        <p class="field">
          <label for="f-file">CSV file</label>
          <input id="f-file" name="file" type="file" accept=".csv,text/csv" required aria-describedby="f-file-hint" />
          <small id="f-file-hint">The first row names the columns: phone, email, nationalId, name, externalRef; other columns become attributes.</small>
        </p>
        <button type="submit" disabled={action.busy}>Import</button>
        <ErrorNote error={action.error} />
      </form>
      {report ? <ImportReportView report={report} /> : null}
    </details>
  );
}

function ImportReportView(props: { report: ImportReport }) {
  const r = props.report;
  return (
    <section aria-labelledby="import-report" class="report">
      <h3 id="import-report">Import report</h3>
      <Facts items={[['Rows read', String(r.rows)], ['Created', String(r.created)], ['Updated', String(r.updated)], ['Refused', String(r.refused)]]} />
      {r.refused > r.refusedRows.length ? <p class="muted">The first {r.refusedRows.length} refused rows:</p> : null}
      <Table caption="Refused rows" head={['Row', 'Code', 'Why']} empty="Every row was taken.">
        {r.refusedRows.map((x) => <tr><td>{x.row}</td><td><code>{x.code}</code></td><td>{x.message}</td></tr>)}
      </Table>
    </section>
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
