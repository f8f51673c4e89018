import { expect } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { coverage, replayPath, type MachinePath, type ReplayOptions } from './pathCoverage';
import type { MachineEntry } from './registry';

/** Every state node reached and every transition taken by at least one generated path. */
export async function expectFullCoverage<T extends AnyStateMachine>(
  entry: MachineEntry<T>,
  paths: readonly MachinePath<T>[],
): Promise<void> {
  const report = await coverage(entry.machine, paths, { serializeState: entry.serializeState });
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
  });
}
