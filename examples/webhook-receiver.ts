/**
 * A webhook receiver that trusts nothing it cannot verify: each delivery's Standard Webhooks signature is
 * checked against the raw body before the event is used; a delivery that fails is answered 400 (sentral
 * retries it later), a verified one 200 (also when it repeats an event already seen: the id dedupes).
 *
 *   SENTRAL_API_URL=http://127.0.0.1:8080 SENTRAL_KEY=sk_test_… node --import tsx examples/webhook-receiver.ts
 *
 * On start it listens (RECEIVER_PORT, default 9000; 0 picks a free port) and registers itself for `call.*`
 * (or set SENTRAL_ENDPOINT_SECRET to the secret of an endpoint registered already).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSentralClient, verifyWebhook, WebhookVerificationError } from '@sentral/client';

const log = (text: string): void => void process.stdout.write(`receiver: ${text}\n`);

async function main(): Promise<void> {
  const seen = new Set<string>();
  let secret = process.env.SENTRAL_ENDPOINT_SECRET ?? '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const event = verifyWebhook(req.headers, Buffer.concat(chunks), secret);
        res.writeHead(200).end();
        if (seen.has(event.id)) return;
        seen.add(event.id);
        log(`${event.type} ${JSON.stringify(event.data)}`);
      } catch (err) {
        if (!(err instanceof WebhookVerificationError)) throw err;
        log(`refused a delivery: ${err.message}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.RECEIVER_PORT ?? 9000), '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  if (!secret) {
    const sentral = createSentralClient({ baseUrl: process.env.SENTRAL_API_URL ?? 'http://127.0.0.1:8080', apiKey: process.env.SENTRAL_KEY ?? '' });
    const { data, error } = await sentral.POST('/v1/webhook-endpoints', { body: { url, events: ['call.*'], description: 'example receiver' } });
    if (!data) throw new Error(`could not register the receiver: ${JSON.stringify(error)}`);
    secret = data.secret!;
    log(`endpoint ${data.id}`);
  }
  log(`listening on ${url}`);
  const stop = (): void => void server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
