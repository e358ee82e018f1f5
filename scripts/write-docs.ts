// Regenerates the documentation pages made from code (npm run docs); a test fails when they are stale.
import { writeFileSync } from 'node:fs';
import { scopesMarkdown } from '../control/api/scope-doc.js';

writeFileSync(new URL('../docs/scopes.md', import.meta.url), `# Scopes\n\nGenerated from \`protocol/api/scopes.ts\` by \`npm run docs\`. A key carries a list of scopes; each operation needs the one listed. Company keys made by the admin API carry all of them. A 403 \`forbidden\` names the missing scope.\n\n${scopesMarkdown()}`);
