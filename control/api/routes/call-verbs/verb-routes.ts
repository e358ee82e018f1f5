import { answerRoute } from './answer-route.js';
import { gatherRoute } from './gather-route.js';
import { hangupRoute } from './hangup-route.js';
import { mediaStopRoute } from './media-stop-route.js';
import { moveRoute } from './move-route.js';
import { offersRoute } from './offers-route.js';
import { playRoute } from './play-route.js';
import { recordingStartRoute } from './recording-start-route.js';
import { rejectRoute } from './reject-route.js';
import { sayRoute } from './say-route.js';
import { streamStartRoute } from './stream-start-route.js';
import { streamStopRoute } from './stream-stop-route.js';
import { transcriptionStartRoute } from './transcription-start-route.js';
import { transcriptionStopRoute } from './transcription-stop-route.js';
import { transferCancelRoute } from './transfer-cancel-route.js';
import { transferCompleteRoute } from './transfer-complete-route.js';
import { transferRoute } from './transfer-route.js';
import type { VerbPort } from '../../../calls/context/verb-port.js';
import type { VerbRoute } from './verb-route.js';

/** The routes of the verbs, by verb name: one for each verb the call machine knows (control/calls/verbs/call-verbs.ts). */
export class VerbRoutes {
  private readonly byVerb = new Map<string, VerbRoute>();

  constructor(routes: readonly VerbRoute[]) {
    for (const route of routes) {
      if (this.byVerb.has(route.verb)) throw new Error(`two routes for the verb ${route.verb}`);
      this.byVerb.set(route.verb, route);
    }
  }

  /** Every route, in registration order. */
  all(): VerbRoute[] {
    return [...this.byVerb.values()];
  }

  /** The route of a verb. */
  forVerb(name: string): VerbRoute | undefined {
    return this.byVerb.get(name);
  }

  /** The routes with more (a test's throwaway verb, say). */
  with(...routes: VerbRoute[]): VerbRoutes {
    return new VerbRoutes([...this.all(), ...routes]);
  }
}

/** The routes of the call verbs (registered by control/api/routes/call-actions.ts). */
export const callVerbRoutes = new VerbRoutes([
  sayRoute, playRoute, gatherRoute, mediaStopRoute, recordingStartRoute, hangupRoute, streamStartRoute, streamStopRoute,
  offersRoute, transferRoute, transferCompleteRoute, transferCancelRoute, transcriptionStartRoute, transcriptionStopRoute, answerRoute, rejectRoute, moveRoute,
]);

/**
 * The routes of the verbs the call machine knows, in its order: a verb without a route or a route without a
 * verb is a wiring mistake (checked by test/unit/call-verb-registry.test.ts and by npm run docs, so the API
 * need not load the verbs to check its routes).
 */
export function matchedRoutes(verbs: VerbPort, routes: VerbRoutes): VerbRoute[] {
  const names = new Set(verbs.all().map((v) => v.name));
  for (const route of routes.all()) if (!names.has(route.verb)) throw new Error(`the route ${route.path} names no verb (${route.verb})`);
  return verbs.all().map((v) => {
    const route = routes.forVerb(v.name);
    if (!route) throw new Error(`the verb ${v.name} has no route`);
    return route;
  });
}
