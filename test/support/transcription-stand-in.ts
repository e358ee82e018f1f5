/**
 * A stand-in for a self-hosted Whisper server: a local HTTP server that speaks the OpenAI-compatible
 * transcription API (`POST /v1/audio/transcriptions`, multipart/form-data with `file`, `model`, `prompt`,
 * `response_format`). It is NOT Whisper: it transcribes with the embedded PocketSphinx recognizer (the
 * `prompt`'s comma-separated phrases as a grammar, otherwise the general language model), so the adapter's
 * contract is tested with real speech without any model download. Tests can make it misbehave.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseWav } from '../../shared/audio/wav.js';
import { resampleOffline } from '../../shared/audio/resample.js';
import { SphinxRecognition } from '../../media/speech/pocketsphinx/sphinx-recognition.js';

/** How the stand-in answers the next requests. */
export type StandInBehaviour = 'normal' | 'status500' | 'notJson' | 'hugeBody' | 'textOnly' | 'hang';

/** A running stand-in server. */
export interface TranscriptionStandIn {
  url: string;
  /** Requests seen: their form fields (file as its byte length) and Authorization header. */
  requests: Array<{ fields: Record<string, string>; authorization: string | undefined }>;
  behave(b: StandInBehaviour): void;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Starts a stand-in on a free loopback port. */
export async function startTranscriptionStandIn(): Promise<TranscriptionStandIn> {
  const recognition = new SphinxRecognition();
  let behaviour: StandInBehaviour = 'normal';
  const requests: TranscriptionStandIn['requests'] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
        res.writeHead(404).end();
        return;
      }
      const raw = await body(req);
      const form = await new Response(raw, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
      const fields: Record<string, string> = {};
      let file: Buffer | null = null;
      for (const [k, v] of form.entries()) {
        if (typeof v === 'string') fields[k] = v;
        else {
          file = Buffer.from(await v.arrayBuffer());
          fields[k] = String(file.length);
        }
      }
      requests.push({ fields, authorization: req.headers.authorization });
      if (behaviour === 'hang') return;
      if (behaviour === 'status500') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"model not loaded"}}');
      if (behaviour === 'notJson') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('<html>oops</html>');
      if (behaviour === 'hugeBody') return void res.writeHead(200, { 'content-type': 'application/json' }).end(`{"text":"${'a'.repeat(2 << 20)}"}`);
      if (file === null) return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"file is required"}}');
      const wav = parseWav(file);
      const audio = resampleOffline(wav.samples, wav.sampleRate, 16000);
      const phrases = fields.prompt ? fields.prompt.split(',').map((p) => p.trim()).filter(Boolean) : undefined;
      const result = recognition.recognize(audio, phrases);
      const seconds = audio.length / 16000;
      const out =
        behaviour === 'textOnly'
          ? { text: result.text }
          : { text: result.text, language: 'en', duration: seconds, segments: [{ id: 0, start: 0, end: seconds, text: result.text, avg_logprob: Math.log(Math.max(1e-6, result.confidence)) }] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave: (b) => {
      behaviour = b;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      recognition.close();
    },
  };
}
