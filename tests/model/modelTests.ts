/**
 * Model-based tests in the browser (npm run test:model). A flow's UI model is a small machine whose
 * states are what a person sees (a checkout step, the cassa editor's form) and whose events are what
 * a person does (a label clicked, a box typed in). It stays tied to the real machine it stands for:
 * each model state names the real state (`meta.real`), each model event says which real events it
 * causes, and `realReplay` walks every model path on the real machine (its I/O answered at once) —
 * a model step that the real machine does not take the same way fails before any browser starts,
 * and the real states the walks enter must be all of the machine's.
 *
 * In the browser each path is one test, named by its steps: a fresh window, the data reset through
 * the API, then every step acted out and every state checked by what the screen shows. A failure
 * names the path and the step. Shortest paths (those inside a longer one dropped); MODEL_PATHS=all
 * (npm run test:model -- --all) adds the simple paths.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  createActor,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { useBrowser, type E2EPage } from '../e2e/browser';
import { shortestPaths, simplePaths, stubActions, type MachinePath } from '../machines/pathCoverage';
import { eventWords, leafStateIds, pathTitle } from '../machines/pathWords';

export interface UiModel<T extends AnyStateMachine> {
  /** The UI model: states with `meta: { real: '<real state id>' }`, finite context. */
  model: T;
  /** The machine the model stands for, and its input as the page gives it. */
  real: AnyStateMachine;
  realInput?: unknown;
  /** The events a person may do in a model snapshot (the graph is built from them). */
  events: (snapshot: SnapshotFrom<T>) => EventObject[];
  /** The real machine's I/O, answered at once in `realReplay` (what the real server answers here). */
  realActors: Record<string, AnyActorLogic>;
  /** The real events the page sends when the model starts (loading the page). */
  realStart: EventObject[];
  /** The real events a model event causes in the snapshot it is done in. */
  realEvents: (event: EventObject, snapshot: SnapshotFrom<T>) => EventObject[];
  /** Real states no UI path can enter, with the reason (none, ideally). */
  unreachable?: Record<string, string>;
  /** Before each path: the data reset through the API and the page brought to the model's start. */
  start: (p: E2EPage) => Promise<void>;
  /** A person doing the model event in the page. */
  act: (page: Page, event: EventObject, snapshot: SnapshotFrom<T>) => Promise<void>;
  /** What the screen shows in a model snapshot. */
  check: (page: Page, snapshot: SnapshotFrom<T>) => Promise<void>;
}

const serialize = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context });

/** Shortest paths to every model snapshot, those inside a longer one dropped; simple paths too with MODEL_PATHS=all. */
export function modelPaths<T extends AnyStateMachine>(ui: UiModel<T>): MachinePath<T>[] {
  const options = { events: [(s: SnapshotFrom<T>) => ui.events(s)] as never, serializeState: serialize };
  const paths = [...shortestPaths(ui.model, options), ...(process.env.MODEL_PATHS === 'all' ? simplePaths(ui.model, options) : [])];
  const key = (p: MachinePath<T>) => p.steps.slice(1).map((s) => JSON.stringify(s.event));
  const seqs = paths.map(key);
  return paths.filter((p, i) => {
    const seq = seqs[i]!;
    const isInside = (other: string[], j: number) =>
      j !== i && other.length >= seq.length && seq.every((part, n) => other[n] === part) && (other.length > seq.length || j < i);
    return !seqs.some(isInside);
  });
}

const realOf = (snapshot: AnyMachineSnapshot): string[] =>
  (snapshot._nodes as AnyStateNode[]).map((n) => (n.meta as { real?: string } | undefined)?.real).filter((r): r is string => !!r);

/** Walks a model path on the real machine; returns the real state ids entered. */
export async function realReplay<T extends AnyStateMachine>(ui: UiModel<T>, path: MachinePath<T>): Promise<Set<string>> {
  const entered = new Set<string>();
  const logic = ui.real.provide({ actors: ui.realActors, actions: stubActions(ui.real) } as never);
  const actor = createActor(logic, {
    input: ui.realInput,
    inspect: (e) => {
      if (e.type === '@xstate.microstep' || e.type === '@xstate.snapshot')
        for (const node of ((e.snapshot as AnyMachineSnapshot)._nodes ?? []) as AnyStateNode[]) entered.add(node.id);
    },
  });
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  const expectReal = (index: number, model: AnyMachineSnapshot) => {
    const real = actor.getSnapshot() as AnyMachineSnapshot;
    for (const id of realOf(model)) {
      const inIt = (real._nodes as AnyStateNode[]).some((n) => n.id === id);
      if (!inIt)
        throw new Error(
          `model path "${pathTitle(path)}", step ${index}: the model is in ${leafStateIds(model).join(' + ')} (real ${id}), ` +
            `the real machine in ${leafStateIds(real).join(' + ')}`,
        );
    }
  };
  actor.start();
  try {
    for (const event of ui.realStart) actor.send(event);
    await settle();
    expectReal(0, path.steps[0]!.state);
    for (let index = 1; index < path.steps.length; index++) {
      const before = path.steps[index - 1]!.state;
      for (const event of ui.realEvents(path.steps[index]!.event as EventObject, before)) {
        actor.send(event);
        await settle();
      }
      expectReal(index, path.steps[index]!.state);
    }
  } finally {
    actor.stop();
  }
  return entered;
}

/** The model's tests: its ties to the real machine, then one browser test per path. */
export function defineModelTests<T extends AnyStateMachine>(ui: UiModel<T>) {
  const paths = modelPaths(ui);

  it(`the model's ${paths.length} paths are walks of the real ${ui.real.id} machine that enter every one of its states`, async () => {
    const entered = new Set<string>();
    for (const path of paths) (await realReplay(ui, path)).forEach((id) => entered.add(id));
    const all: string[] = [];
    const collect = (node: AnyStateNode) => {
      all.push(node.id);
      Object.values(node.states as Record<string, AnyStateNode>).forEach(collect);
    };
    collect(ui.real.root);
    expect(all.filter((id) => !entered.has(id) && !(ui.unreachable && id in ui.unreachable))).toEqual([]);
  });

  const browser = useBrowser();
  for (const path of paths) {
    const title = pathTitle(path);
    it(title, async () => {
      const p = await browser.open();
      const step = async (index: number, words: string, run: () => Promise<void>) => {
        try {
          await run();
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new Error(`path "${title}", step ${index} (${words}): ${message}`, { cause: error });
        }
      };
      await step(0, `start → ${leafStateIds(path.steps[0]!.state).join(' + ')}`, async () => {
        await ui.start(p);
        await ui.check(p.page, path.steps[0]!.state);
      });
      for (let index = 1; index < path.steps.length; index++) {
        const { event, state } = path.steps[index]!;
        const words = `${eventWords(event as EventObject)} → ${leafStateIds(state).join(' + ')}`;
        await step(index, words, async () => {
          await ui.act(p.page, event as EventObject, path.steps[index - 1]!.state);
          await ui.check(p.page, state);
        });
      }
    });
  }
}
