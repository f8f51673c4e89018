/**
 * The project's import graph, read with the TypeScript compiler's pre-processor (no type check, no
 * plugin): every relative import, `export … from`, `import type` and `import()` is an edge. Used by
 * import-cycles.test.ts; a cycle anywhere in src/, machines/ or server/ fails it.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a relative specifier names among `files` (written with or without its extension, or `.js`). */
function resolve(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  const base = path.posix.join(path.posix.dirname(from), specifier).replace(/\.js$/, '');
  if (files.has(base)) return base;
  return EXTENSIONS.map((ext) => base + ext).find((candidate) => files.has(candidate)) ?? null;
}

/** The graph of `sources` (path → text): each file's edges to the other files it imports. */
export function importGraph(sources: ReadonlyMap<string, string>): ImportGraph {
  const files = new Set(sources.keys());
  const graph: ImportGraph = new Map();
  for (const [file, text] of sources) {
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = importedFiles
      .map(({ fileName }) => (fileName.startsWith('.') ? resolve(file, fileName, files) : null))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle, once each (as the files of one strongly connected component, Tarjan's algorithm). */
export function importCycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  const visit = (file: string) => {
    indexOf.set(file, index);
    lowLink.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, indexOf.get(next)!));
      }
    }
    if (lowLink.get(file) !== indexOf.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };

  for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);
  return cycles;
}

/** The TypeScript sources under `folders` of `root`, keyed by their path from `root`. */
export function readSources(root: string, folders: readonly string[]): Map<string, string> {
  const sources = new Map<string, string>();
  for (const folder of folders) {
    for (const entry of fs.readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(entry) || entry.endsWith('.d.ts')) continue;
      const file = path.posix.join(folder, entry.split(path.sep).join('/'));
      sources.set(file, fs.readFileSync(path.join(root, file), 'utf8'));
    }
  }
  return sources;
}
