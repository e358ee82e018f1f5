import { scopeCatalogue } from '../../protocol/api/scopes.js';

/** The published scope list as a Markdown table (docs are generated from the scope catalogue). */
export function scopesMarkdown(): string {
  const rows = scopeCatalogue.map((s) => `| \`${s.scope}\` | ${s.description} | ${s.operations.map((o) => `\`${o}\``).join('<br>')} |`);
  return ['| scope | allows | operations |', '|---|---|---|', ...rows].join('\n') + '\n';
}
