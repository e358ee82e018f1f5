/**
 * A bot in a call's media room: places a call to `--to` with a bot participant, joins the room with the
 * `{url, token}` of the bot's `connection` (RoomClient), plays five seconds of 440 Hz, prints when it hears the
 * phone, and hangs up once it has heard half a second of it. Try the echo phone +442079460008.
 *
 *   SENTRAL_API_URL=http://127.0.0.1:8080 SENTRAL_KEY=sk_live_… node --import tsx examples/room-bot.ts \
 *     --to +442079460008 --from +4723000001 --profile prof_…
 */
import { parseArgs } from 'node:util';
import { createSentralClient, RoomClient } from '@sentral/client';

const { values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' }, profile: { type: 'string' } } });
const sentral = createSentralClient({ baseUrl: process.env.SENTRAL_API_URL ?? 'http://127.0.0.1:8080', apiKey: process.env.SENTRAL_KEY ?? '' });
const log = (text: string): void => void process.stdout.write(`bot: ${text}\n`);

const { data: call, error } = await sentral.POST('/v1/calls', {
  body: { profileId: values.profile!, from: values.from!, to: values.to!, maxMinutes: 2, participants: [{ kind: 'bot', maxMinutes: 2 }] },
});
if (!call) throw new Error(`the call was refused: ${JSON.stringify(error)}`);
const bot = await RoomClient.connect(call.participants.find((p) => p.kind === 'bot')!.connection!);
log(`joined ${bot.joined.callId} as ${bot.joined.participantId}`);

// Five seconds: the phone may still be ringing when the bot joins, and what it sends meanwhile is not heard.
void bot.play(Int16Array.from({ length: 5 * 16000 }, (_, i) => 8000 * Math.sin((2 * Math.PI * 440 * i) / 16000)));
let loudFrames = 0;
bot.on('audio', (frame) => {
  const level = Math.sqrt(frame.reduce((sum, s) => sum + s * s, 0) / frame.length);
  if (level < 500) return;
  if (++loudFrames === 1) log(`heard the phone (level ${Math.round(level)})`);
  if (loudFrames !== 25) return;
  log('heard half a second of it: hanging up');
  void sentral.POST('/v1/calls/{id}/hangup', { params: { path: { id: call.id } } });
});
bot.on('participant', (p) => log(`${p.kind} ${p.participantId} ${p.event}`));
bot.on('close', (err) => log(err ? `room closed: ${err.code}` : 'left'));
