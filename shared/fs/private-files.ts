import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';

// Customer files (recordings, audio clips, the embedded database) are readable by the service's user only,
// whatever the umask: files 0600, directories 0700.

/** Mode of every customer file the service writes. */
export const PRIVATE_FILE_MODE = 0o600;
/** Mode of every directory holding customer files. */
export const PRIVATE_DIR_MODE = 0o700;

/** Creates `dir` (and missing parents) as 0700; an existing `dir` is set to 0700 too. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

/** `ensurePrivateDir`, synchronously (start-up paths). */
export function ensurePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}
