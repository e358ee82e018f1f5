import { useState } from 'preact/hooks';
import { api, need, session } from '../api.js';
import { osloTime } from '../format.js';
import { useAction, useLoad } from '../hooks.js';
import { ErrorNote, Field, formValues, Loading, Page, State, Table } from '../ui.js';

/** API keys of the session's mode: create (the key shown once), revoke. */
export function ApiKeys() {
  const s = session()!;
  const keys = useLoad(async () => need(await api().GET('/v1/api-keys', {})).data, []);
  const action = useAction();
  const [created, setCreated] = useState<string | null>(null);
  const create = (e: Event) => {
    const v = formValues(e);
    const scopes = [...(e.currentTarget as HTMLFormElement).querySelectorAll<HTMLInputElement>('input[name=scope]:checked')].map((i) => i.value);
    void action.run(async () => {
      const k = need(await api().POST('/v1/api-keys', { body: { name: v.name!, mode: s.mode, scopes: scopes as never } }));
      setCreated(k.key);
      await keys.reload();
    });
  };
  const revoke = (id: string, prefix: string) => action.run(async () => {
    if (!globalThis.confirm(`Revoke ${prefix}…? Requests with it fail at once, and its console sessions end.`)) return;
    need(await api().DELETE('/v1/api-keys/{id}', { params: { path: { id } } }));
    await keys.reload();
  });
  return (
    <Page title="API keys">
      <details class="panel">
        <summary>Create a key</summary>
        <form onSubmit={create} aria-label="Create an API key">
          <Field label="Name" name="name" required />
          <fieldset>
            <legend>Scopes (at most this session's own)</legend>
            <div class="scopes">
              {s.scopes.map((scope) => (
                <label><input type="checkbox" name="scope" value={scope} checked /> {scope}</label>
              ))}
            </div>
          </fieldset>
          <button type="submit" disabled={action.busy}>Create</button>
        </form>
      </details>
      {created ? <p class="once" role="status">The new key, shown only now: <code id="new-key">{created}</code></p> : null}
      <ErrorNote error={action.error} />
      {keys.value === undefined ? <Loading error={keys.error} /> : (
        <Table caption="API keys" head={['Name', 'Key', 'Profile', 'Scopes', 'Created', 'State', '']} empty="No keys.">
          {keys.value.map((k) => (
            <tr>
              <td>{k.name}</td>
              <td><code>{k.prefix}…</code></td>
              <td>{k.profileId ?? 'company'}</td>
              <td class="clip" title={k.scopes.join(' ')}>{k.scopes.length} scopes</td>
              <td>{osloTime(k.createdAt)}</td>
              <td><State value={k.revokedAt ? 'revoked' : 'active'} /></td>
              <td>{k.revokedAt || k.id === s.keyId ? null : <button type="button" onClick={() => revoke(k.id, k.prefix)}>Revoke</button>}</td>
            </tr>
          ))}
        </Table>
      )}
    </Page>
  );
}
