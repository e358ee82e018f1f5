import { randomBytes } from 'node:crypto';
import { open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../fs/private-files.js';
import { checkObjectName, isObjectName, type ObjectInfo, type ObjectStore, type StoredObject } from './object-store.js';

/** Bytes read from a file at a time. */
const READ_CHUNK_BYTES = 64 * 1024;

/**
 * Objects as files (0600) in one local directory (0700): the standalone store, and the layout recordings
 * have always had (`<SENTRAL_DATA_DIR>/recordings/<id>.wav`). A put writes a hidden temporary file and
 * renames it into place when complete; hidden files are never listed or read.
 */
export class LocalObjectStore implements ObjectStore {
  constructor(
    /** The directory holding the objects. */
    readonly dir: string,
  ) {}

  async put(name: string, data: AsyncIterable<Uint8Array>): Promise<ObjectInfo> {
    checkObjectName(name);
    await ensurePrivateDir(this.dir);
    const temporary = join(this.dir, `.${name}.${randomBytes(6).toString('hex')}.part`);
    const handle = await open(temporary, 'wx', PRIVATE_FILE_MODE);
    let size = 0;
    try {
      try {
        for await (const chunk of data) {
          await handle.write(chunk);
          size += chunk.byteLength;
        }
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, this.pathOf(name));
    } catch (err) {
      await unlink(temporary).catch(() => {});
      throw err;
    }
    return { name, size };
  }

  async get(name: string): Promise<StoredObject | null> {
    const info = await this.info(name);
    if (!info) return null;
    const path = this.pathOf(name);
    return { info, data: readFile(path) };
  }

  async info(name: string): Promise<ObjectInfo | null> {
    checkObjectName(name);
    try {
      const s = await stat(this.pathOf(name));
      return s.isFile() ? { name, size: s.size } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(name: string): Promise<boolean> {
    checkObjectName(name);
    try {
      await unlink(this.pathOf(name));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async list(): Promise<ObjectInfo[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const infos: ObjectInfo[] = [];
    for (const name of names.filter(isObjectName).sort()) {
      const info = await this.info(name);
      if (info) infos.push(info);
    }
    return infos;
  }

  async close(): Promise<void> {}

  /** The file of an object (its name checked). */
  pathOf(name: string): string {
    return join(this.dir, checkObjectName(name));
  }
}

/** A file's bytes, a chunk at a time, each chunk a buffer of its own (a reader may keep it). */
async function* readFile(path: string): AsyncIterable<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    for (;;) {
      const buffer = Buffer.alloc(READ_CHUNK_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK_BYTES, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
