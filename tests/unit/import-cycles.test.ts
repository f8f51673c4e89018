/**
 * No import cycles in src/, machines/ or server/ (issue 16). A unit test over the compiler's
 * pre-processed imports instead of eslint-plugin-import-x's no-cycle: no new dependency (and no
 * native resolver), and the graph is built once for the whole tree instead of once per linted file.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, readSources } from './importGraph';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('import cycles', () => {
  it('there is none in src/, machines/ or server/', () => {
    const graph = importGraph(readSources(ROOT, ['src', 'machines', 'server']));
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph)).toEqual([]);
  });
});
