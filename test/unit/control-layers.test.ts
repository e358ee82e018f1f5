import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/**
 * The folders of control/, lowest first: a folder may import from folders before it, never from one after
 * it (an upward arrow). app is the composition root and cli starts it; a new folder takes its place here.
 */
const LAYERS = ['db', 'billing', 'accounts', 'events', 'numbers', 'clips', 'transcription', 'sim', 'messaging', 'calls', 'api', 'app', 'cli'];

/**
 * Cycles between the folders (and a folder's own files, '.') inside a control/ folder that are still to be
 * untangled: the test fails on any other, and when one of these is gone (then it leaves this list).
 */
const NESTED_CYCLES_LEFT: string[] = [];

describe('control/ layers', () => {
  const files = sourceFiles(join(root, 'control')).map((f) => relative(root, f).split(sep).join('/'));

  it('every control/ folder has its place in the layer order', () => {
    const folders = [...new Set(files.map((f) => f.split('/')[1]!).filter((f) => !f.endsWith('.ts')))].sort();
    expect(folders.filter((f) => !LAYERS.includes(f))).toEqual([]);
  });

  it('no file imports from a control/ folder above its own (static, dynamic and type-only imports)', () => {
    const upward = files.flatMap((file) => {
      const from = LAYERS.indexOf(file.split('/')[1]!);
      return importsOf(file).filter((t) => t.startsWith('control/') && t.split('/').length > 2 && LAYERS.indexOf(t.split('/')[1]!) > from).map((t) => `${file} -> ${t}`);
    });
    expect(upward).toEqual([]);
  });

  it('no cycle between control/ folders, and inside them none but the ones listed as left', () => {
    const dirs = [...new Set(files.map((f) => dirname(f)))].sort();
    const found = dirs.flatMap((dir) => cyclesIn(dir, files).map((c) => `${dir}: ${c.join(' ')}`));
    expect(found.filter((c) => !c.startsWith('control: '))).toEqual(NESTED_CYCLES_LEFT);
    expect(found.filter((c) => c.startsWith('control: '))).toEqual([]);
  });

  it('a profile key\'s own-profile clause is written once, in accounts/profile-scope.ts (ownProfileRows, visibleTo)', () => {
    const inline = /profileId\}::uuid is null or \w*\.?profile_id|profileId === null \? db`true` : db`\w*\.?profile_id/;
    expect(files.filter((f) => inline.test(readFileSync(join(root, f), 'utf8')))).toEqual([]);
  });

  it('finds an upward arrow and a cycle when there is one', () => {
    const graph = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])], ['d', new Set(['a'])]]);
    expect(stronglyConnected(graph)).toEqual([['a', 'b', 'c']]);
    expect(repoPath('control/numbers/x.ts', '../calls/y.js')).toBe('control/calls/y.ts');
    expect(LAYERS.indexOf('calls') > LAYERS.indexOf('numbers')).toBe(true);
  });
});

// The cycles among the children of `dir` (its subfolders, and '.' for its own files), each sorted.
function cyclesIn(dir: string, files: string[]): string[][] {
  const child = (path: string): string | null => {
    if (!path.startsWith(`${dir}/`)) return null;
    const rest = path.slice(dir.length + 1).split('/');
    return rest.length > 1 ? rest[0]! : '.';
  };
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const a = child(file);
    if (a === null) continue;
    for (const target of importsOf(file)) {
      const b = child(target);
      if (b === null || b === a) continue;
      if (!graph.has(a)) graph.set(a, new Set());
      graph.get(a)!.add(b);
    }
  }
  return stronglyConnected(graph);
}

// Tarjan's strongly connected components of more than one node, each sorted, sorted by their first node.
function stronglyConnected(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** Relative imports of a file, as repository paths. */
function importsOf(path: string): string[] {
  const text = readFileSync(join(root, path), 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\s)(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)) found.push((m[1] ?? m[2])!);
  return found.filter((s) => s.startsWith('.')).map((s) => repoPath(path, s));
}

function repoPath(fromPath: string, specifier: string): string {
  return relative(root, resolve(root, dirname(fromPath), specifier)).split(sep).join('/').replace(/\.js$/, '.ts');
}
