import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyPluginAsync } from 'fastify';
import { OPENAPI_PATH } from '../plugins/openapi.js';

/** Where the API reference page is served. */
export const DOCS_PATH = '/docs';

const hidden = { hide: true } as Record<string, unknown>;
const REDOC_BUNDLE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
/** The one thing the bundle would fetch from elsewhere: its footer logo, replaced by an empty image. */
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
let bundle: Promise<Buffer> | null = null;
const redocBundle = (): Promise<Buffer> =>
  (bundle ??= readFile(REDOC_BUNDLE, 'utf8').then((text) => Buffer.from(text.replace(REDOC_LOGO, 'data:,'))));

// Redoc's styles are generated at run time (inline), and it searches in a blob worker; nothing else is loaded.
const policy = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src blob:; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'";

const page = `<!doctype html>
<html lang="en">
<head>
<link rel="icon" href="data:,">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>sentral API reference</title>
</head>
<body>
<redoc spec-url="${OPENAPI_PATH}" hide-download-button="false" path-in-middle-panel="true" native-scrollbars="true"></redoc>
<script src="${DOCS_PATH}/redoc.standalone.js"></script>
</body>
</html>
`;

/**
 * GET /docs: the API reference (Redoc, served from its npm package, so it works offline) over the
 * OpenAPI document this server serves.
 */
export const docsPageRoutes: FastifyPluginAsync = async (app) => {
  app.get(DOCS_PATH, { schema: hidden, config: { auth: 'none' } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', policy).send(page),
  );
  app.get(`${DOCS_PATH}/redoc.standalone.js`, { schema: hidden, config: { auth: 'none' } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(await redocBundle()),
  );
};
