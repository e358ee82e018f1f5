import { Page } from '../ui.js';

/** Any other address under /console. */
export function NotFound() {
  return (
    <Page title="Not found">
      <p>There is no such page in the console. <a href="/console">Back to the overview</a>.</p>
    </Page>
  );
}
