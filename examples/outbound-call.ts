/**
 * Places a call with the typed client and follows it to its end.
 *
 *   SENTRAL_API_URL=http://127.0.0.1:8080 SENTRAL_KEY=sk_live_… node --import tsx examples/outbound-call.ts \
 *     --profile <profile id> --from +4723000001 --to +442079460001 [--text "Hello"] [--endpoint ep_… ]
 *     [--app] [--hangup-after 10]
 *
 * --endpoint streams the call to that endpoint (e.g. examples/voice-bot.ts); --app adds an app participant
 * and prints the softphone link that joins it from a browser. The client sets the Idempotency-Key (so a
 * retry after a timeout starts no second call). It prints each state change and exits when the call ends.
 */
import { parseArgs } from 'node:util';
import { createSentralClient } from '@sentral/client';

const { values } = parseArgs({
  options: {
    profile: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    text: { type: 'string' },
    endpoint: { type: 'string' },
    app: { type: 'boolean', default: false },
    'hangup-after': { type: 'string' },
  },
});
if (!values.profile || !values.to || !values.from) {
  process.stderr.write('usage: outbound-call.ts --profile <id> --from <number> --to <number> [--text …] [--endpoint ep_…] [--app] [--hangup-after s]\n');
  process.exit(2);
}
const api = process.env.SENTRAL_API_URL ?? 'http://127.0.0.1:8080';
const sentral = createSentralClient({ baseUrl: api, apiKey: process.env.SENTRAL_KEY ?? '' });
const log = (text: string): void => void process.stdout.write(`call: ${text}\n`);

const { data: call, error } = await sentral.POST('/v1/calls', {
  body: {
    profileId: values.profile,
    from: values.from,
    to: values.to,
    maxMinutes: 5,
    ...(values.text ? { text: values.text } : {}),
    ...(values.endpoint ? { stream: { endpointId: values.endpoint } } : {}),
    ...(values.app ? { participants: [{ kind: 'app' as const }] } : {}),
  },
});
if (!call) {
  log(`refused: ${JSON.stringify(error)}`);
  process.exit(1);
}
log(`${call.id} ${call.state}`);
const app = call.participants.find((p) => p.kind === 'app');
if (app?.connection) log(`join from a browser: ${api}/phone#url=${encodeURIComponent(app.connection.url)}&token=${app.connection.token}`);

const hangupAfter = values['hangup-after'] ? Number(values['hangup-after']) * 1000 : null;
const started = Date.now();
let state: string = call.state;
// Follows the call by reading it once a second (a real application would act on its webhooks instead).
while (state !== 'ended') {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  if (hangupAfter !== null && Date.now() - started >= hangupAfter) {
    await sentral.POST('/v1/calls/{id}/hangup', { params: { path: { id: call.id } } });
  }
  const { data } = await sentral.GET('/v1/calls/{id}', { params: { path: { id: call.id } } });
  if (data && data.state !== state) {
    state = data.state;
    log(`${call.id} ${state}${data.endReason ? ` (${data.endReason})` : ''}`);
  }
}
