import type { VerbPort } from '../../../calls/context/verb-port.js';
import { matchedRoutes, type VerbRoutes } from './verb-routes.js';

/** The marker after which docs/verbs.md is generated from the registry (npm run docs). */
export const VERB_TABLE_MARKER = '<!-- generated from control/calls/verbs/call-verbs.ts by npm run docs -->';

/** The table of the registered verbs: route, scope, the actor's event, and for commands the action and how it ends. */
export function verbsMarkdown(registry: VerbPort, routes: VerbRoutes): string {
  const matched = matchedRoutes(registry, routes);
  const rows = registry.all().map((v, i) => {
    const cmd = v.command;
    const route = matched[i]!;
    return `| \`${v.name}\` | \`POST /v1/calls/:id/${route.path}\` | \`${route.scope}\` | \`${v.event}\` | ${cmd ? `\`${cmd.action}\`` : '(none)'} | ${cmd ? cmd.outcome : 'answered at once'} |`;
  });
  return [
    '| Verb | Route | Scope | Actor event | Command action | How it ends |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
