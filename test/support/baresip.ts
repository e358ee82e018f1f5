import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Waiters } from './waiters.js';

/** A port free for both UDP and TCP on `host` (a SIP stack binds both on one port). */
export async function freeSipPort(host: string): Promise<number> {
  for (;;) {
    const udp = createSocket('udp4');
    udp.bind(0, host);
    await once(udp, 'listening');
    const port = udp.address().port;
    const tcp = createServer();
    const ok = await new Promise<boolean>((resolve) => {
      tcp.once('error', () => resolve(false));
      tcp.listen(port, host, () => resolve(true));
    });
    udp.close();
    if (ok) {
      await new Promise((r) => tcp.close(r));
      return port;
    }
  }
}

/** An event baresip reported over its control socket. */
export interface BaresipEvent {
  type: string;
  param?: string;
  [k: string]: unknown;
}

/** How a baresip user agent in a test behaves. */
export interface BaresipOptions {
  /** The user part of its address (the number dialled). */
  user: string;
  /** auto answers at once; manual rings until told. */
  answer: 'auto' | 'manual';
  /** What it says: a WAV file (aufile) or a sine tone's frequency (ausine). */
  source: { wav: string } | { sineHz: number };
}

/**
 * A real baresip (Debian's package) on 127.0.0.2, driven through its ctrl_tcp socket: it records what it
 * hears with the sndfile module (one WAV per call and direction) and reports call events.
 */
export class Baresip {
  readonly events: BaresipEvent[] = [];
  /** Everything it printed (for a failing test's message). */
  output = '';
  private proc: ChildProcess | null = null;
  private ctrl: Socket | null = null;
  private buffer = '';
  private readonly waiters = new Waiters();

  private constructor(
    readonly dir: string,
    readonly sipPort: number,
    readonly user: string,
  ) {}

  static async start(options: BaresipOptions): Promise<Baresip> {
    const dir = await mkdtemp(join(tmpdir(), 'sentral-baresip-'));
    const sipPort = await freeSipPort('127.0.0.2');
    const ctrlPort = await freeSipPort('127.0.0.1');
    // Its own small RTP range from a free port: other baresips on a shared machine must not take its media.
    const rtpBase = (await freeSipPort('127.0.0.2')) & ~1;
    const source = 'wav' in options.source ? `aufile,${options.source.wav}` : `ausine,${options.source.sineHz}`;
    const config = [
      'poll_method epoll',
      `sip_listen 127.0.0.2:${sipPort}`,
      'audio_player aubridge,x',
      `audio_source ${source}`,
      'audio_alert aubridge,x',
      'module_path /usr/lib/baresip/modules',
      ...['g711', 'ausine', 'aufile', 'aubridge', 'sndfile', 'account', 'menu', 'ctrl_tcp'].map((m) => `module ${m}.so`),
      `snd_path ${dir}`,
      `ctrl_tcp_listen 127.0.0.1:${ctrlPort}`,
      `rtp_ports ${rtpBase}-${Math.min(65534, rtpBase + 9)}`,
      'audio_txmode thread',
      ...('sineHz' in options.source ? ['ausrc_srate 48000', 'ausrc_channels 2'] : []),
    ].join('\n');
    await writeFile(join(dir, 'config'), config + '\n');
    await writeFile(join(dir, 'accounts'), `<sip:${options.user}@127.0.0.2:${sipPort}>;regint=0;answermode=${options.answer}\n`);
    const b = new Baresip(dir, sipPort, options.user);
    b.proc = spawn('baresip', ['-f', dir], { stdio: ['pipe', 'pipe', 'pipe'] });
    b.proc.stdout!.on('data', (d: Buffer) => (b.output += d.toString()));
    b.proc.stderr!.on('data', (d: Buffer) => (b.output += d.toString()));
    const ready = new Promise<void>((resolve, reject) => {
      let out = '';
      b.proc!.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('baresip is ready')) resolve();
      });
      b.proc!.once('exit', (code) => reject(new Error(`baresip exited (${code}): ${out}`)));
    });
    await ready;
    b.ctrl = connect(ctrlPort, '127.0.0.1');
    await once(b.ctrl, 'connect');
    b.ctrl.on('data', (d: Buffer) => b.read(d.toString('utf8')));
    return b;
  }

  /** Sends a control command (accept, hangup, dial, sndcode). */
  command(command: string, params = ''): void {
    const body = JSON.stringify({ command, params, token: command });
    this.ctrl?.write(`${Buffer.byteLength(body)}:${body},`);
  }

  /** Resolves with the first event of `type` after index `from`; fails after `withinMs` naming the events that came instead. */
  event(type: string, from = 0, withinMs = 20_000): Promise<BaresipEvent> {
    return this.waiters.until(
      () => this.events.slice(from).find((e) => e.type === type),
      withinMs,
      `baresip ${this.user}: ${type}`,
      () => `got ${this.events.slice(from).map((e) => e.type).join(', ') || 'nothing'}`,
    );
  }

  /** WAV files of what it heard (the sndfile module's decoder dumps). */
  async heardFiles(): Promise<string[]> {
    return (await readdir(this.dir)).filter((f) => f.endsWith('-dec.wav')).map((f) => join(this.dir, f));
  }

  async stop(): Promise<void> {
    this.ctrl?.destroy();
    if (this.proc && this.proc.exitCode === null) {
      const exited = once(this.proc, 'exit');
      this.proc.kill('SIGTERM');
      await exited;
    }
    await rm(this.dir, { recursive: true, force: true });
  }

  private read(chunk: string): void {
    this.buffer += chunk;
    for (;;) {
      const colon = this.buffer.indexOf(':');
      if (colon < 0) return;
      const len = Number(this.buffer.slice(0, colon));
      if (!Number.isInteger(len) || this.buffer.length < colon + 1 + len + 1) return;
      const body = this.buffer.slice(colon + 1, colon + 1 + len);
      this.buffer = this.buffer.slice(colon + 2 + len);
      try {
        const msg = JSON.parse(body) as BaresipEvent & { event?: boolean };
        if (msg.event) this.events.push(msg);
      } catch {
        // not JSON: ignore
      }
      this.waiters.wake();
    }
  }
}
