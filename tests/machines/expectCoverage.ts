import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { coverage, generatePaths, replayPath, type MachinePath, type ReplayOptions } from './pathCoverage';
import type { MachineEntry } from './registry';

/** Every state node reached and every transition taken by at least one generated path. */
export async function expectFullCoverage<T extends AnyStateMachine>(
  entry: MachineEntry<T>,
  paths: readonly MachinePath<T>[],
): Promise<void> {
  const report = await coverage(entry.machine, paths, { serializeState: entry.serializeState, realChildren: entry.realChildren });
  expect(report.states.missing).toEqual([]);
  expect(report.transitions.missing).toEqual([]);
  expect(report.states.covered).toBe(report.states.total);
  expect(report.transitions.covered).toBe(report.transitions.total);
}

/** Replays one of an entry's paths with the entry's serializer (the one its paths were generated with). */
export function replayEntryPath<T extends AnyStateMachine>(
  entry: MachineEntry<T>,
  path: MachinePath<T>,
  options: { machine?: T } & Pick<ReplayOptions<T>, 'assertInvariant' | 'inspect'> = {},
) {
  return replayPath(options.machine ?? entry.machine, path, {
    serializeState: entry.serializeState,
    assertInvariant: options.assertInvariant,
    inspect: options.inspect,
    realChildren: entry.realChildren,
  });
}

/**
 * A machine's path-coverage suite: one test that the generated paths reach every state node and
 * take every transition, then one test per path, which `replay` replays and checks.
 */
export function describePathCoverage<T extends AnyStateMachine>(
  title: string,
  entry: MachineEntry<T>,
  replay: (path: MachinePath<T>) => Promise<unknown>,
  coverageTitle = 'reaches every state node and takes every transition',
): void {
  const paths = generatePaths(entry.machine, entry);
  describe(title, () => {
    it(coverageTitle, async () => {
      await expectFullCoverage(entry, paths);
    });

    it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
      await replay(path);
    });
  });
}
