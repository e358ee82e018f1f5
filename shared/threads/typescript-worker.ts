/**
 * A worker thread running a TypeScript module. The thread installs tsx's loader hooks first (hooks of the
 * parent thread do not reach a worker), so it runs the module whether the process was started through the
 * `sentral` command, `node --import tsx` or the test runner. tsx is found from this file through its
 * package's exports map, so neither the working directory nor tsx's internal layout matters. The module
 * reads what it is given from `workerData.data`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Starts a worker thread running the TypeScript module at `module`, with `data` as its `workerData.data`. */
export function typescriptWorker(module: URL, data: unknown = null, options: Omit<WorkerOptions, 'eval' | 'workerData'> = {}): Worker {
  return new Worker(bootstrapSource(), { ...options, eval: true, workerData: { thread: module.href, data } });
}

let source: string | undefined;

function bootstrapSource(): string {
  if (source !== undefined) return source;
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const api = pathToFileURL(join(dirname(manifestPath), manifest.exports['./esm/api']!.import.default)).href;
  source = [
    "const { workerData } = require('node:worker_threads');",
    `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(workerData.thread); });`,
  ].join('\n');
  return source;
}
