import { useEffect, useState } from 'preact/hooks';
import { LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { loadSession, problem, signOut, type Session } from './api.js';
import { SignIn } from './pages/sign-in.js';
import { Overview } from './pages/overview.js';
import { CallList, CallPage } from './pages/calls.js';
import { MessageList, MessagePage } from './pages/messages.js';
import { CampaignList, CampaignPage } from './pages/campaigns.js';
import { Numbers } from './pages/numbers.js';
import { EndpointPage, Webhooks } from './pages/webhooks.js';
import { ApiKeys } from './pages/api-keys.js';
import { Contacts, Templates } from './pages/contacts.js';
import { NotFound } from './pages/not-found.js';

/** The console's sections, each shown when the session's key may read it. */
const sections: { path: string; label: string; scope: string | null }[] = [
  { path: '/console', label: 'Overview', scope: null },
  { path: '/console/calls', label: 'Calls', scope: 'calls:read' },
  { path: '/console/messages', label: 'Messages', scope: 'sms:read' },
  { path: '/console/campaigns', label: 'Campaigns', scope: 'campaigns:read' },
  { path: '/console/numbers', label: 'Numbers', scope: 'numbers:read' },
  { path: '/console/webhooks', label: 'Webhooks', scope: 'webhooks:manage' },
  { path: '/console/api-keys', label: 'API keys', scope: 'keys:manage' },
  { path: '/console/contacts', label: 'Contacts', scope: 'contacts:read' },
  { path: '/console/templates', label: 'Templates', scope: 'templates:read' },
];

/** The console: the sign-in page until a session exists, then the sections. */
export function App() {
  const [current, setCurrent] = useState<Session | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const reload = () => loadSession().then(setCurrent, (err: unknown) => setError(problem(err)));
  useEffect(() => {
    // A sign-in link is handled by its page first; everything else starts from the cookie's session.
    if (globalThis.location.pathname === '/console/sign-in') setCurrent(null);
    else void reload();
  }, []);
  if (error) return <main class="center"><p class="error" role="alert">{error}</p></main>;
  if (current === undefined) return <main class="center"><p role="status">Loading…</p></main>;
  return (
    <LocationProvider>
      {current === null ? <SignIn onSignedIn={reload} /> : <Shell session={current} onSignedOut={() => setCurrent(null)} />}
    </LocationProvider>
  );
}

function Shell(props: { session: Session; onSignedOut: () => void }) {
  const { path, route } = useLocation();
  const [menu, setMenu] = useState(false);
  const { session } = props;
  const visible = sections.filter((s) => s.scope === null || session.scopes.includes(s.scope));
  const active = (p: string) => (p === '/console' ? path === '/console' || path === '/console/' : path.startsWith(p));
  // The sign-in page's address is not kept once signed in.
  useEffect(() => {
    if (path === '/console/sign-in') route('/console', true);
  }, [path]);
  useEffect(() => setMenu(false), [path]);
  const out = async () => {
    await signOut();
    props.onSignedOut();
    route('/console/sign-in', true);
  };
  return (
    <div class="shell">
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <a class="brand" href="/console">sentral</a>
        <span class={`mode ${session.mode}`} title="The mode of the key this session acts with">{session.mode === 'test' ? 'Test mode' : 'Live'}</span>
        <span class="who">{session.keyPrefix}…{session.profileId ? ' (profile key)' : ''}</span>
        <button type="button" class="menu-button" aria-expanded={menu} aria-controls="nav" onClick={() => setMenu(!menu)}>Menu</button>
        <button type="button" class="sign-out" onClick={out}>Sign out</button>
      </header>
      <nav id="nav" class={menu ? 'open' : ''} aria-label="Sections">
        <ul>
          {visible.map((s) => (
            <li><a href={s.path} aria-current={active(s.path) ? 'page' : undefined}>{s.label}</a></li>
          ))}
        </ul>
      </nav>
      <main id="main">
        <Router>
          <Route path="/console" component={Overview} />
          <Route path="/console/calls" component={CallList} />
          <Route path="/console/calls/:id" component={CallPage} />
          <Route path="/console/messages" component={MessageList} />
          <Route path="/console/messages/:channel/:id" component={MessagePage} />
          <Route path="/console/campaigns" component={CampaignList} />
          <Route path="/console/campaigns/:id" component={CampaignPage} />
          <Route path="/console/numbers" component={Numbers} />
          <Route path="/console/webhooks" component={Webhooks} />
          <Route path="/console/webhooks/:id" component={EndpointPage} />
          <Route path="/console/api-keys" component={ApiKeys} />
          <Route path="/console/contacts" component={Contacts} />
          <Route path="/console/templates" component={Templates} />
          <Route default component={NotFound} />
        </Router>
      </main>
    </div>
  );
}
