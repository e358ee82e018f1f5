import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** The standalone role wiring: the one control module that starts a media node in the process. */
const WIRING = 'control/app/media-role.ts';

describe('plane boundaries', () => {
  it('no file under control/ imports from media/ (the role wiring excepted) and none under media/ from control/', () => {
    const crossings: string[] = [];
    for (const [from, to] of [['control', 'media'], ['media', 'control']] as const) {
      for (const file of sourceFiles(join(root, from))) {
        const path = relative(root, file).split(sep).join('/');
        if (path === WIRING) continue;
        for (const target of importsOf(file)) {
          if (!target.startsWith(`${to}/`)) continue;
          crossings.push(`${path} -> ${target}`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });

  it('the role wiring is the only way through, and it goes only to the media node, its workers and its stream legs', () => {
    expect(importsOf(join(root, WIRING)).filter((t) => t.startsWith('media/'))).toEqual(['media/node/media-node.ts', 'media/node/media-workers.ts', 'media/stream/stream-leg.ts']);
  });

  it('finds a crossing when there is one (the check reads static, dynamic and type-only imports)', () => {
    const text = [
      "import { a } from '../../media/node/media-node.js';",
      "import type { B } from '../media/b.js';",
      "const c = await import('../../media/c.js');",
      "export { d } from '../../media/d.js';",
    ].join('\n');
    expect(specifiers(text).map((s) => repoPath('control/calls/x.ts', s))).toEqual([
      'media/node/media-node.ts',
      'control/media/b.ts',
      'media/c.ts',
      'media/d.ts',
    ]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** Relative imports of a file, as repository paths (`media/node/media-node.ts`). */
function importsOf(file: string): string[] {
  const path = relative(root, file).split(sep).join('/');
  return specifiers(readFileSync(file, 'utf8')).filter((s) => s.startsWith('.')).map((s) => repoPath(path, s));
}

function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\s)(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)) found.push((m[1] ?? m[2])!);
  return found;
}

function repoPath(fromPath: string, specifier: string): string {
  const abs = resolve(root, dirname(fromPath), specifier);
  return relative(root, abs).split(sep).join('/').replace(/\.js$/, '.ts');
}
