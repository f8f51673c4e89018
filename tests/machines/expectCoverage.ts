import { expect } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { coverage, type MachinePath } from './pathCoverage';

/** Every state node reached and every transition taken by at least one generated path. */
export async function expectFullCoverage<T extends AnyStateMachine>(machine: T, paths: readonly MachinePath<T>[]): Promise<void> {
  const report = await coverage(machine, paths);
  expect(report.states.missing).toEqual([]);
  expect(report.transitions.missing).toEqual([]);
  expect(report.states.covered).toBe(report.states.total);
  expect(report.transitions.covered).toBe(report.transitions.total);
}
