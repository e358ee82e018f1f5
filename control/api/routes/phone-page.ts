import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { sendFile, type WebFile } from '../web-files.js';

/** Where the softphone page is served. */
export const PHONE_PATH = '/phone';

const hidden = { hide: true } as Record<string, unknown>;
const web = (name: string, type: string): WebFile => ({ path: fileURLToPath(new URL(`../../../web/phone/${name}`, import.meta.url)), type });
const js = 'text/javascript; charset=utf-8';
/** Everything the page loads; nothing else under /phone/ is served. */
const assets: Readonly<Record<string, WebFile>> = {
  'phone.js': web('phone.js', js),
  'phone-audio.js': web('phone-audio.js', js),
  'capture-worklet.js': web('capture-worklet.js', js),
  'playback-worklet.js': web('playback-worklet.js', js),
  'phone.css': web('phone.css', 'text/css; charset=utf-8'),
};
const page = web('index.html', 'text/html; charset=utf-8');

// The media room is on another origin (the media node's port or host): WebSocket connections to any
// ws:/wss: origin are allowed; everything else comes from this server.
const policy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src ws: wss:; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * GET /phone: the softphone page. It joins a call's media room as an app participant from a browser,
 * with the participant's connection given in the URL fragment (`#url=…&token=…`, never sent to a server)
 * or pasted. Plain JavaScript modules from web/phone: no build step.
 */
export const phonePageRoutes: FastifyPluginAsync = async (app) => {
  app.get(PHONE_PATH, { schema: hidden, config: { auth: 'none' } }, async (_request, reply) => {
    reply.header('content-security-policy', policy).header('referrer-policy', 'no-referrer');
    // The microphone is asked for only by this page, never by a frame.
    reply.header('permissions-policy', 'microphone=(self)');
    return sendFile(reply, page);
  });
  app.get<{ Params: { file: string } }>(`${PHONE_PATH}/:file`, { schema: hidden, config: { auth: 'none' } }, async (request, reply) => {
    if (!Object.hasOwn(assets, request.params.file)) throw new SentralError('not_found', { message: 'No such file.' });
    return sendFile(reply, assets[request.params.file]!);
  });
};
