/**
 * The SMPP link alone, the SMS benchmark's floor: this process's SmppClient (the one the messaging role
 * uses) submits `count` messages with `window` in flight to `sentral smsc-sim` in its own process and waits
 * for every receipt. No database, no API, no webhooks: what the wire and the simulated SMSC allow.
 *
 *   node --import tsx bench/sms/smpp-link.ts [count=5000] [window=50]
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SmppClient } from '../../carriers/sms/smpp-client.js';

const count = Number(process.argv[2] ?? 5_000);
const window = Number(process.argv[3] ?? 50);
const CLI = fileURLToPath(new URL('../../scripts/sentral.js', import.meta.url));

const smsc = spawn(process.execPath, [CLI, 'smsc-sim'], { env: { ...process.env, SENTRAL_SMPP_PORT: '0', SENTRAL_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] });
process.once('exit', () => smsc.kill());
const port = await new Promise<number>((resolve) => smsc.stdout!.on('data', (chunk: Buffer) => {
  const m = /listening on port (\d+)/.exec(chunk.toString());
  if (m) resolve(Number(m[1]));
}));
let receipts = 0;
const client = new SmppClient({ host: '127.0.0.1', port, systemId: 'sentral', password: 'sentral', window, ratePerSecond: 1_000_000, onDeliver: async () => void receipts++ });
client.start();
await client.whenBound();

const loadStart = loadavg();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let next = 0;
await Promise.all(Array.from({ length: window * 2 }, async () => {
  while (next < count) {
    const i = next++;
    await client.submit({
      source_addr_ton: 1, source_addr_npi: 1, source_addr: '4790000901', dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: '4791000003',
      data_coding: 0, registered_delivery: 1, short_message: Buffer.from(`link ${i}`),
    });
  }
}));
const submitted = performance.now();
const cpu = process.cpuUsage(cpu0);
while (receipts < count) await new Promise((resolve) => setTimeout(resolve, 10));
console.log(JSON.stringify({
  count, window, loadStart, loadEnd: loadavg(),
  submitsPerSecond: Math.round(count / ((submitted - t0) / 1000)),
  clientCpuUsPerSubmit: Math.round((cpu.user + cpu.system) / count),
  lastReceiptSeconds: Number(((performance.now() - t0) / 1000).toFixed(2)),
}));
await client.stop();
process.exit(0);
