import { errorCatalogue } from '../../shared/errors/catalogue.js';

/** The published error catalogue as a Markdown table: every code, its HTTP status and what it means. */
export function errorsMarkdown(): string {
  const rows = Object.entries(errorCatalogue).map(([code, entry]) => `| \`${code}\` | ${entry.status} | ${entry.message.replace(/\|/g, '\\|')} |`);
  return ['| code | HTTP status | meaning |', '|---|---|---|', ...rows].join('\n') + '\n';
}
