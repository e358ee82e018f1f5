// Regenerates the documentation pages made from code (npm run docs); a test fails when they are stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { scopesMarkdown } from '../control/api/scope-doc.js';
import { errorsMarkdown } from '../control/api/error-doc.js';
import { callVerbs } from '../control/calls/verbs/call-verbs.js';
import { VERB_TABLE_MARKER, verbsMarkdown } from '../control/api/routes/call-verbs/verb-docs.js';
import { callVerbRoutes } from '../control/api/routes/call-verbs/verb-routes.js';
import { idempotencyMarkdown, withIdempotencyTable } from '../control/api/idempotency-doc.js';
import { openApiDocument } from '../clients/typescript/scripts/openapi-document.js';
import { EVENTS_PREAMBLE, eventsMarkdown } from '../control/api/event-doc.js';

writeFileSync(new URL('../docs/scopes.md', import.meta.url), `# Scopes\n\nGenerated from \`protocol/api/scopes.ts\` by \`npm run docs\`. A key carries a list of scopes; each operation needs the one listed. Company keys made by the admin API carry all of them. A 403 \`forbidden\` names the missing scope.\n\n${scopesMarkdown()}`);

writeFileSync(
  new URL('../docs/errors.md', import.meta.url),
  `# Errors

Generated from \`shared/errors/catalogue.ts\` by \`npm run docs\`; a test fails when this page and the catalogue differ.

Every failing response has one body, whatever went wrong:

\`\`\`json
{ "error": { "code": "invalid_request", "message": "name is required.", "param": "name", "requestId": "req_…" } }
\`\`\`

- \`code\` is one of the codes below and never changes meaning; branch on it, not on \`message\`.
- \`message\` is for a person: the default below, or a more precise one naming what was wrong.
- \`param\` (when present) names the body field, query parameter or header at fault.
- \`requestId\` is also in the \`request-id\` header; quote it when asking for help.
- An answer worth retrying as is (429, most 503s) carries \`Retry-After\` in seconds. With an \`Idempotency-Key\`, a retried \`POST\` does its work at most once ([api.md](api.md)).

The same codes name failures outside HTTP: in error messages on a stream or room WebSocket (\`stream_…\`, \`room_…\`) and in the answers between the planes (\`media_…\`, \`actor_…\`); there the status only classifies the failure.

${errorsMarkdown()}`,
);

// docs/verbs.md: the handwritten guide up to the marker, then the table of the registered verbs.
const verbsPage = new URL('../docs/verbs.md', import.meta.url);
const guide = readFileSync(verbsPage, 'utf8').split(VERB_TABLE_MARKER)[0]!;
writeFileSync(verbsPage, `${guide}${VERB_TABLE_MARKER}\n\n${verbsMarkdown(callVerbs, callVerbRoutes)}`);

// docs/api.md: the table of Idempotency-Key per operation, between its markers, from the OpenAPI document.
const openApi = await openApiDocument();
const apiPage = new URL('../docs/api.md', import.meta.url);
writeFileSync(apiPage, withIdempotencyTable(readFileSync(apiPage, 'utf8'), idempotencyMarkdown(openApi)));

// docs/events.md: every event type and its data, from the OpenAPI document's webhooks (the event catalogue).
writeFileSync(new URL('../docs/events.md', import.meta.url), `${EVENTS_PREAMBLE}${eventsMarkdown(openApi)}`);
