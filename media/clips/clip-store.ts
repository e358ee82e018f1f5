import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { CLIP_RATE } from '../../protocol/media/audio-clip.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../shared/fs/private-files.js';

/** What is stored beside a clip's samples. */
export interface ClipMetadata {
  id: string;
  sampleRate: typeof CLIP_RATE;
  samples: number;
  durationMs: number;
}

const CLIP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Audio clips for `play`, on local disk: `<dir>/<id>.pcm` holds raw 16 kHz PCM16 LE, `<id>.json` its
 * metadata. Writes go to a temporary name first, so a reader never sees half a clip.
 */
export class ClipStore {
  /** `fetchMissing` gets a clip this node does not have yet (from the control plane, over the bus). */
  constructor(
    private readonly dir: string,
    private readonly fetchMissing?: (id: string) => Promise<Int16Array | null>,
  ) {}

  /** Stores (or replaces) a clip of 16 kHz samples. */
  async saveClip(id: string, samples16k: Int16Array): Promise<ClipMetadata> {
    checkId(id);
    await ensurePrivateDir(this.dir);
    const meta: ClipMetadata = { id, sampleRate: CLIP_RATE, samples: samples16k.length, durationMs: Math.round((samples16k.length * 1000) / CLIP_RATE) };
    const bytes = Buffer.from(samples16k.buffer, samples16k.byteOffset, samples16k.byteLength);
    await writeAtomically(join(this.dir, `${id}.pcm`), bytes);
    await writeAtomically(join(this.dir, `${id}.json`), JSON.stringify(meta));
    return meta;
  }

  /** The clip's metadata, or null when there is no such clip. */
  async metadata(id: string): Promise<ClipMetadata | null> {
    if (!CLIP_ID.test(id)) return null;
    try {
      return JSON.parse(await readFile(join(this.dir, `${id}.json`), 'utf8')) as ClipMetadata;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /** The clip's samples, or null when there is no such clip. */
  async load(id: string): Promise<Int16Array | null> {
    if (!CLIP_ID.test(id)) return null;
    try {
      const bytes = await readFile(join(this.dir, `${id}.pcm`));
      const samples = new Int16Array(bytes.byteLength >> 1);
      new Uint8Array(samples.buffer).set(bytes.subarray(0, samples.byteLength));
      return samples;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return this.fetchAndKeep(id);
      throw err;
    }
  }

  private async fetchAndKeep(id: string): Promise<Int16Array | null> {
    const fetched = await this.fetchMissing?.(id);
    if (!fetched) return null;
    await this.saveClip(id, fetched);
    return fetched;
  }
}

function checkId(id: string): void {
  if (!CLIP_ID.test(id)) throw new SentralError('invalid_request', { message: 'A clip id is 1-64 letters, digits, _ or -.', param: 'id' });
}

async function writeAtomically(path: string, data: string | Uint8Array): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, data, { mode: PRIVATE_FILE_MODE });
  await rename(temporary, path);
}
