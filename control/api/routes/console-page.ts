import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { sendFile, type WebFile } from '../web-files.js';

/** Where the console is served. */
export const CONSOLE_PATH = '/console';

const hidden = { hide: true } as Record<string, unknown>;
/** The console's build output (scripts/build-console.js writes it on install, start and test). */
const DIST = fileURLToPath(new URL('../../../web/console/dist/', import.meta.url));
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};
const ASSET = /^[A-Za-z0-9_-]+\.(js|css|svg)$/;

// Everything from this server; recordings and letters are fetched by the page and shown from blob: URLs.
const policy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data: blob:; media-src blob:; frame-src blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

function page(reply: FastifyReply): Promise<FastifyReply> {
  const index = `${DIST}index.html`;
  if (!existsSync(index)) throw new SentralError('service_unavailable', { message: 'The console is not built: run `npm install` (it builds web/console).' });
  reply.header('content-security-policy', policy).header('referrer-policy', 'no-referrer').header('x-frame-options', 'DENY');
  return sendFile(reply, { path: index, type: 'text/html; charset=utf-8' });
}

/**
 * GET /console and everything under it: the customer console, a single-page app (web/console) that
 * talks only to the public API with its session cookie. Unknown paths under /console are the page
 * itself, which routes them in the browser; /console/assets/* are its built files.
 */
export const consolePageRoutes: FastifyPluginAsync = async (app) => {
  app.get(CONSOLE_PATH, { schema: hidden, config: { auth: 'none' } }, async (_request, reply) => page(reply));
  app.get<{ Params: { file: string } }>(`${CONSOLE_PATH}/assets/:file`, { schema: hidden, config: { auth: 'none' } }, async (request, reply) => {
    const { file } = request.params;
    if (!ASSET.test(file)) throw new SentralError('not_found', { message: 'No such file.' });
    const asset: WebFile = { path: `${DIST}assets/${file}`, type: TYPES[extname(file)]! };
    return sendFile(reply, asset);
  });
  app.get(`${CONSOLE_PATH}/*`, { schema: hidden, config: { auth: 'none' } }, async (_request, reply) => page(reply));
};
