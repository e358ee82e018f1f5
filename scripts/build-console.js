// Builds the web console (web/console -> web/console/dist) with Vite when its sources changed since the
// last build: run by postinstall, `npm start` and `npm test`, so a clean clone needs no extra command and a
// build that is up to date costs a hash of the sources. `--force` builds anyway.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const root = join(repo, 'web/console');
const dist = join(root, 'dist');
const stamp = join(dist, '.sources');
// Everything the bundle is made of: the console, the typed client, and the locked versions of the libraries.
const inputs = [join(root, 'index.html'), join(root, 'vite.config.js'), join(root, 'src'), join(repo, 'clients/typescript/src'), join(repo, 'package-lock.json')];

function files(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => files(join(path, name)));
}

const hash = createHash('sha256');
for (const file of inputs.flatMap(files)) hash.update(file.slice(repo.length)).update('\0').update(readFileSync(file)).update('\0');
const digest = hash.digest('hex');

if (!process.argv.includes('--force') && existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) process.exit(0);
let vite;
try {
  vite = await import('vite');
} catch {
  // Installed without development dependencies: keep a build there is, or say what is missing.
  if (existsSync(join(dist, 'index.html'))) process.exit(0);
  console.error('sentral: the web console is not built and Vite is not installed: run `npm ci` (with development dependencies).');
  process.exit(1);
}
await vite.build({ configFile: join(root, 'vite.config.js'), logLevel: 'warn' });
writeFileSync(stamp, digest);
console.log('sentral: built the web console (web/console/dist)');
