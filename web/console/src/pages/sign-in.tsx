import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { problem, signIn, signInWithKey } from '../api.js';
import { formValues } from '../ui.js';

/**
 * Signing in. Opened from a sign-in link (`/console/sign-in#<token>`), it uses the link at once and
 * removes the token from the address bar; otherwise it offers to sign in with an API key typed here
 * (the page asks for a link with it and uses it; the key is not kept).
 */
export function SignIn(props: { onSignedIn: () => Promise<void> }) {
  const { route } = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const finish = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      route('/console', true);
      await props.onSignedIn();
    } catch (err) {
      setError(problem(err));
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    const useLink = () => {
      const token = globalThis.location.hash.slice(1);
      if (!token) return;
      // The token leaves the address bar (and the history) before it is used.
      globalThis.history.replaceState(null, '', '/console/sign-in');
      void finish(() => signIn(token));
    };
    useLink();
    // Another link opened in this tab changes only the fragment: no new page load.
    globalThis.addEventListener('hashchange', useLink);
    return () => globalThis.removeEventListener('hashchange', useLink);
  }, []);
  return (
    <main class="sign-in" id="main">
      <h1>sentral console</h1>
      {busy ? <p role="status">Signing in…</p> : null}
      {error ? <p class="error" role="alert" id="sign-in-error">{error}</p> : null}
      <form onSubmit={(e) => { const { key } = formValues(e); if (key) void finish(() => signInWithKey(key)); }}>
        <h2>Sign in with an API key</h2>
        <p class="field">
          <label for="key">API key</label>
          <input id="key" name="key" type="password" autocomplete="off" spellcheck={false} placeholder="sk_test_… or sk_live_…" required />
          <small>The console then acts with that key's powers for 12 hours. The key is not stored in the browser.</small>
        </p>
        <button type="submit" disabled={busy}>Sign in</button>
      </form>
      <p class="muted">Or open a sign-in link: <code>POST /v1/console-sessions</code> with your key returns one, valid for 10 minutes and good once.</p>
    </main>
  );
}
