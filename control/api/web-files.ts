import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { SentralError } from '../../shared/errors/sentral-error.js';

/** A file the API serves to browsers: where it is on disk and its content type. */
export interface WebFile {
  path: string;
  type: string;
}

/** Streams a web file with its type; files are re-validated by browsers on each load (no-cache). */
export async function sendFile(reply: FastifyReply, file: WebFile): Promise<FastifyReply> {
  const size = await stat(file.path).then((s) => s.size, () => null);
  if (size === null) throw new SentralError('not_found');
  return reply
    .type(file.type)
    .header('content-length', size)
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .send(createReadStream(file.path));
}
