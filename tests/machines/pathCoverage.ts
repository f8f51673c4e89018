/**
 * Path-coverage harness for the XState machines in machines/ (see DESIGN.md, "Path-coverage tests").
 *
 * - `machineGraphFacts` reads every state node and every transition from the machine definition.
 * - `generatePaths` walks the machine with @xstate/graph (shortest paths, simple paths, and one path
 *   per edge of the explored graph so that self-loops are taken too) from an explicit event list that
 *   includes the internal done/error/after events.
 * - `replayPath` replays a path against a real actor: promise actors are replaced by fakes that settle
 *   when the path says so, delays run on a stepped clock given to the actor (no real waiting), and
 *   after every step the snapshot must equal the graph's and the caller's invariant must hold.
 * - `coverage` replays every path (with no-op actions) and records, through the actor's inspection
 *   microsteps, which state nodes were entered and which transitions actually fired.
 *
 * No vitest import here: scripts/machine-paths.ts uses the same code outside the test runner.
 */
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import {
  createActor,
  fromPromise,
  getInitialMicrosteps,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';

// ---------------------------------------------------------------------------------------------
// Facts from the definition
// ---------------------------------------------------------------------------------------------

export type TransitionKind = 'event' | 'always' | 'after' | 'done.actor' | 'error.actor' | 'snapshot.actor' | 'done.state';

export interface TransitionFact {
  /** Unique, readable: `source —event [guard] #i→ targets`. */
  key: string;
  source: string;
  /** The event descriptor ('' for `always`). */
  event: string;
  kind: TransitionKind;
  /** Position among the candidates of the same source and event (guards are tried in this order). */
  index: number;
  guard: string | undefined;
  /** The guard's static params in words (`step=2`); undefined when none or computed from the event. */
  guardParams: string | undefined;
  /** Target state node ids; empty for a targetless transition (actions only). */
  targets: string[];
}

export interface InvokeFact {
  stateId: string;
  id: string;
  src: string;
  doneEvent: string;
  errorEvent: string;
}

export interface DelayFact {
  stateId: string;
  eventType: string;
  delay: number | string | ((...args: any[]) => number);
}

export interface GraphFacts {
  /** Every state node id, the root included, in document order. */
  states: string[];
  transitions: TransitionFact[];
  invokes: InvokeFact[];
  delays: DelayFact[];
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateNodes)];
}

function guardName(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

function paramsOf(guard: unknown): string | undefined {
  const params = typeof guard === 'object' && guard !== null ? (guard as { params?: unknown }).params : undefined;
  if (typeof params !== 'object' || params === null) return undefined;
  return Object.entries(params)
    .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
}

function kindOf(eventType: string): TransitionKind {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.actor.')) return 'done.actor';
  if (eventType.startsWith('xstate.error.actor.')) return 'error.actor';
  if (eventType.startsWith('xstate.snapshot.')) return 'snapshot.actor';
  if (eventType.startsWith('xstate.done.state.')) return 'done.state';
  return 'event';
}

function factOf(t: AnyTransitionDefinition, index: number, groupSize: number): TransitionFact {
  const source = (t.source as AnyStateNode).id;
  const targets = ((t.target ?? []) as AnyStateNode[]).map((n) => n.id);
  const guard = guardName(t.guard);
  const label = t.eventType === '' ? 'always' : t.eventType;
  const key = `${source} —${label}${guard ? ` [${guard}]` : ''}${groupSize > 1 ? ` #${index}` : ''}→ ${targets.join(', ') || '(no target)'}`;
  return { key, source, event: t.eventType, kind: kindOf(t.eventType), index, guard, guardParams: paramsOf(t.guard), targets };
}

/** The key of a transition definition taken at run time (it may belong to a `provide()`d copy). */
function keyOfTaken(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode;
  const group: readonly AnyTransitionDefinition[] = (t.eventType === '' ? source.always : source.transitions.get(t.eventType)) ?? [];
  const index = group.indexOf(t);
  if (index < 0) throw new Error(`Transition ${source.id} on '${t.eventType}' is not in its state node's definition`);
  return factOf(t, index, group.length).key;
}

/** Every state node and every transition of `machine`, read from its definition (not a hand list). */
export function machineGraphFacts(machine: AnyStateMachine): GraphFacts {
  const nodes = allStateNodes(machine.root);
  const transitions: TransitionFact[] = [];
  const invokes: InvokeFact[] = [];
  const delays: DelayFact[] = [];
  for (const node of nodes) {
    for (const group of (node.transitions as Map<string, AnyTransitionDefinition[]>).values()) {
      group.forEach((t, i) => transitions.push(factOf(t, i, group.length)));
    }
    const always = (node.always ?? []) as AnyTransitionDefinition[];
    always.forEach((t, i) => transitions.push(factOf(t, i, always.length)));
    for (const invoke of node.invoke) {
      invokes.push({
        stateId: node.id,
        id: invoke.id,
        src: String(invoke.src),
        doneEvent: `xstate.done.actor.${invoke.id}`,
        errorEvent: `xstate.error.actor.${invoke.id}`,
      });
    }
    for (const after of node.after) delays.push({ stateId: node.id, eventType: after.eventType, delay: after.delay });
  }
  return { states: nodes.map((n) => n.id), transitions, invokes, delays };
}

/** The internal event types of a machine, found by actor source name or state node id. */
export function internalEvents(machine: AnyStateMachine) {
  const facts = machineGraphFacts(machine);
  const invoke = (srcOrStateId: string): InvokeFact => {
    const found = facts.invokes.filter((i) => i.src === srcOrStateId || i.stateId === srcOrStateId || i.id === srcOrStateId);
    if (found.length !== 1) throw new Error(`${found.length} invocations match '${srcOrStateId}' in machine '${machine.id}'`);
    return found[0]!;
  };
  return {
    /** The invoke id (the child actor's id) of the one invocation of `src` (or in state node `stateId`). */
    invokeId: (srcOrStateId: string) => invoke(srcOrStateId).id,
    /** `xstate.done.actor.<invoke id>` of the one invocation of `src` (or in state node `stateId`). */
    done: (srcOrStateId: string) => invoke(srcOrStateId).doneEvent as `xstate.done.actor.${string}`,
    error: (srcOrStateId: string) => invoke(srcOrStateId).errorEvent as `xstate.error.actor.${string}`,
    /** `xstate.after.<delay>.<state node id>` of the delayed transitions of `stateId`. */
    after: (stateId: string, delay?: string | number) => {
      const found = facts.delays.filter((d) => d.stateId === stateId && (delay === undefined || d.delay === delay));
      if (found.length !== 1) throw new Error(`${found.length} delayed transitions match '${stateId}' in machine '${machine.id}'`);
      return found[0]!.eventType as `xstate.after.${string}`;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

/** An internal event the graph must be told about explicitly. */
export type InternalEvent = { type: `xstate.${string}`; output?: unknown; error?: unknown; snapshot?: unknown };
export type MachineEvent<T extends AnyStateMachine> = EventFromLogic<T> | InternalEvent;
/** An event, or a function of the snapshot giving the events (with realistic payloads) to try there. */
export type EventSpec<T extends AnyStateMachine = AnyStateMachine> =
  MachineEvent<T> | ((snapshot: SnapshotFrom<T>) => MachineEvent<T> | readonly MachineEvent<T>[] | null | undefined);

export interface PathStep<T extends AnyStateMachine = AnyStateMachine> {
  /** The event of this step (`xstate.init` for the first one). */
  event: MachineEvent<T> | { type: 'xstate.init' };
  /** The snapshot after the event. */
  state: SnapshotFrom<T>;
}

export interface MachinePath<T extends AnyStateMachine = AnyStateMachine> {
  input: InputFrom<T> | undefined;
  steps: PathStep<T>[];
  /** The snapshot at the end of the path. */
  state: SnapshotFrom<T>;
  description: string;
}

export interface PathOptions<T extends AnyStateMachine> {
  events: readonly EventSpec<T>[];
  /** The actor's input; `inputs` explores from several starting points (e.g. remembered vs fresh). */
  input?: InputFrom<T>;
  inputs?: readonly InputFrom<T>[];
  /** Defaults to value + status + context + invocation inputs (see `defaultSerializeState`). */
  serializeState?: (snapshot: SnapshotFrom<T>) => string;
  /** Cap on the graph traversal (iterations of @xstate/graph's walk); exceeding it throws instead of running forever. */
  limit?: number;
  /** Simple paths are enumerated only when the explored graph has at most this many snapshots. */
  maxSimplePathStates?: number;
  /** Throws when more paths than this come out (a sign that payloads make the state space explode). */
  maxPaths?: number;
}

/**
 * Value, status, context and the input of every running invocation: two snapshots that differ only
 * in what a pending request asked for (post 23 vs post 404) must not be merged by the graph.
 */
export function defaultSerializeState(snapshot: AnyMachineSnapshot): string {
  const children = snapshot.children as Record<string, { getSnapshot(): { input?: unknown } } | undefined>;
  const invocations = Object.fromEntries(Object.entries(children).map(([id, child]) => [id, child?.getSnapshot().input ?? null]));
  return JSON.stringify({ value: snapshot.value, status: snapshot.status, context: snapshot.context, invocations });
}

/** The input a pending invocation was started with, e.g. to answer `loadPage` with the page it asked for. */
export function invokeInput<TInput = unknown>(snapshot: AnyMachineSnapshot, invokeId: string): TInput | undefined {
  const child = (snapshot.children as Record<string, { getSnapshot(): { input?: unknown } } | undefined>)[invokeId];
  return child?.getSnapshot().input as TInput | undefined;
}

function resolveEvents<T extends AnyStateMachine>(specs: readonly EventSpec<T>[], snapshot: AnyMachineSnapshot): EventObject[] {
  // A stopped/done actor takes no events; an event no transition accepts here would only add a
  // self-loop, or (for an unexpected xstate.error.actor.*) an error snapshot that cannot happen.
  if (snapshot.status !== 'active') return [];
  const events = specs.flatMap((spec) => {
    const produced =
      typeof spec === 'function'
        ? (spec as (s: SnapshotFrom<T>) => MachineEvent<T> | readonly MachineEvent<T>[] | null | undefined)(snapshot as SnapshotFrom<T>)
        : spec;
    if (produced == null) return [];
    return (Array.isArray(produced) ? produced : [produced]) as EventObject[];
  });
  return events.filter((event) => snapshot.can(event));
}

function formatEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  if (!Object.keys(payload).length) return type;
  const json = JSON.stringify(payload, (_k, v: unknown) => (v instanceof Error ? `Error(${v.message})` : v));
  return `${type} ${json.length > 60 ? `${json.slice(0, 57)}…` : json}`;
}

function describePath(input: unknown, steps: PathStep[], state: AnyMachineSnapshot): string {
  const events = steps.slice(1).map((s) => formatEvent(s.event as EventObject));
  const start = input === undefined ? '' : `input ${JSON.stringify(input)}: `;
  return `${start}${events.join(' → ') || '(initial)'} ⇒ ${JSON.stringify(state.value)}`;
}

type GraphPath = StatePath<AnyMachineSnapshot, EventObject>;

/** @xstate/graph's traversal options for one input: the explicit events, the serializer, the cap. */
function traversalFor<T extends AnyStateMachine>(options: PathOptions<T>, input: InputFrom<T> | undefined) {
  const serialize = (options.serializeState ?? defaultSerializeState) as (s: AnyMachineSnapshot) => string;
  return {
    events: (snapshot: AnyMachineSnapshot) => resolveEvents(options.events, snapshot),
    serializeState: (snapshot: AnyMachineSnapshot) => serialize(snapshot),
    limit: options.limit ?? 10_000,
    input,
  } as any;
}

const inputsOf = <T extends AnyStateMachine>(options: PathOptions<T>): readonly (InputFrom<T> | undefined)[] =>
  options.inputs ?? [options.input];

function toMachinePath<T extends AnyStateMachine>(input: InputFrom<T> | undefined, p: GraphPath): MachinePath<T> {
  const steps = p.steps as PathStep<T>[];
  return { input, steps, state: p.state as SnapshotFrom<T>, description: describePath(input, steps as PathStep[], p.state) };
}

/** The shortest path to every snapshot the graph tells apart, for every input. */
export function shortestPaths<T extends AnyStateMachine>(machine: T, options: PathOptions<T>): MachinePath<T>[] {
  return inputsOf(options).flatMap((input) =>
    (getShortestPaths(machine, traversalFor(options, input)) as unknown as GraphPath[]).map((p) => toMachinePath<T>(input, p)),
  );
}

/** Every simple path (no snapshot twice) to every snapshot, for every input: grows fast with the graph. */
export function simplePaths<T extends AnyStateMachine>(machine: T, options: PathOptions<T>): MachinePath<T>[] {
  return inputsOf(options).flatMap((input) =>
    (getSimplePaths(machine, traversalFor(options, input)) as unknown as GraphPath[]).map((p) => toMachinePath<T>(input, p)),
  );
}

/**
 * Simple paths found depth-first over the explored graph, stopping at `max` (most graphs here have
 * far too many to list); `ends` keeps those ending where it says. `complete` is false when it stopped.
 */
export function someSimplePaths<T extends AnyStateMachine>(
  machine: T,
  options: PathOptions<T>,
  { max, ends = () => true }: { max: number; ends?: (snapshot: SnapshotFrom<T>) => boolean },
): { paths: MachinePath<T>[]; complete: boolean } {
  const serialize = (options.serializeState ?? defaultSerializeState) as (s: AnyMachineSnapshot) => string;
  const paths: MachinePath<T>[] = [];
  for (const input of inputsOf(options)) {
    const adjacency = getAdjacencyMap(machine, traversalFor(options, input)) as unknown as Record<
      string,
      { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
    >;
    const [start] = Object.values(adjacency);
    const onPath = new Set<string>();
    const walk = (steps: GraphPath['steps'], state: AnyMachineSnapshot): boolean => {
      const key = serialize(state);
      if (onPath.has(key)) return true;
      if (ends(state as SnapshotFrom<T>)) paths.push(toMachinePath<T>(input, { state, weight: steps.length, steps }));
      if (paths.length >= max) return false;
      onPath.add(key);
      for (const { event, state: next } of Object.values(adjacency[key]?.transitions ?? {})) {
        if (!walk([...steps, { event, state: next }], next)) return false;
      }
      onPath.delete(key);
      return true;
    };
    if (start && !walk([{ event: { type: 'xstate.init' }, state: start.state }], start.state)) return { paths, complete: false };
  }
  return { paths, complete: true };
}

/**
 * Shortest paths + simple paths + one path per explored edge (shortest path to the edge's source,
 * then the edge), for every input; paths that are a prefix of another path are dropped.
 */
export function generatePaths<T extends AnyStateMachine>(machine: T, options: PathOptions<T>): MachinePath<T>[] {
  const serialize = (options.serializeState ?? defaultSerializeState) as (s: AnyMachineSnapshot) => string;
  const maxSimplePathStates = options.maxSimplePathStates ?? 40;
  const all: MachinePath<T>[] = [];

  for (const input of inputsOf(options)) {
    const traversal = traversalFor(options, input);
    const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<
      string,
      { transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
    >;
    const shortest = getShortestPaths(machine, traversal) as unknown as GraphPath[];
    const graphPaths: GraphPath[] = [...shortest];
    if (Object.keys(adjacency).length <= maxSimplePathStates)
      graphPaths.push(...(getSimplePaths(machine, traversal) as unknown as GraphPath[]));

    // Shortest/simple paths reach every snapshot but skip edges back to a visited snapshot
    // (e.g. a toast raised again with the same message): extend the shortest path along each edge.
    const shortestTo = new Map(shortest.map((p) => [serialize(p.state), p]));
    for (const [from, { transitions }] of Object.entries(adjacency)) {
      const head = shortestTo.get(from);
      if (!head) throw new Error(`No shortest path to explored snapshot ${from}`);
      for (const { event, state } of Object.values(transitions)) {
        graphPaths.push({ state, weight: head.weight + 1, steps: [...head.steps, { event, state }] });
      }
    }

    for (const p of graphPaths) all.push(toMachinePath<T>(input, p));
  }

  const paths = dropPrefixPaths(all);
  const maxPaths = options.maxPaths ?? 2_000;
  if (paths.length > maxPaths) throw new Error(`${machine.id}: ${paths.length} paths (> ${maxPaths}); narrow the event payloads`);
  return paths;
}

function dropPrefixPaths<P extends MachinePath<any>>(paths: P[]): P[] {
  const keyed = paths.map((path) => ({
    path,
    seq: [JSON.stringify(path.input ?? null), ...path.steps.slice(1).map((s) => JSON.stringify(s.event))],
  }));
  keyed.sort((a, b) => b.seq.length - a.seq.length);
  const kept: typeof keyed = [];
  for (const candidate of keyed) {
    const covered = kept.some((k) => candidate.seq.every((part, i) => k.seq[i] === part));
    if (!covered) kept.push(candidate);
  }
  return kept.map((k) => k.path);
}

// ---------------------------------------------------------------------------------------------
// Replay against a real actor
// ---------------------------------------------------------------------------------------------

export interface Invocation {
  /** The invoke id (the child actor's id). */
  id: string;
  src: string;
  input: unknown;
  outcome: 'pending' | 'resolved' | 'rejected' | 'stopped';
}

export interface StepInfo<T extends AnyStateMachine> {
  index: number;
  step: PathStep<T>;
  /** The actor's snapshot before this step (undefined for the initial one). */
  previous: SnapshotFrom<T> | undefined;
  path: MachinePath<T>;
  invocations: readonly Invocation[];
  /** Simulated milliseconds since the actor started (moved only by `xstate.after.*` steps). */
  now: number;
}

export interface ReplayOptions<T extends AnyStateMachine> {
  /** Defaults to the path's input. */
  input?: InputFrom<T>;
  assertInvariant?: (snapshot: SnapshotFrom<T>, info: StepInfo<T>) => void;
  /** Must be the serializer the paths were generated with (defaults to `defaultSerializeState`). */
  serializeState?: (snapshot: SnapshotFrom<T>) => string;
  /** Sees every inspection event, e.g. what a parent machine sends its (faked) children. */
  inspect?: (event: InspectionEvent) => void;
  /** Invoke ids of children that run as the machine provides them (the test reads their state), not faked. */
  realChildren?: readonly string[];
}

export interface ReplayResult<T extends AnyStateMachine> {
  snapshots: SnapshotFrom<T>[];
  invocations: Invocation[];
  /** Keys (see `TransitionFact.key`) of the transitions the actor took, in order. */
  transitionsTaken: string[];
  /** Ids of every state node the actor entered, transient ones (e.g. `always` deciders) included. */
  statesEntered: Set<string>;
}

interface Pending {
  invocation: Invocation;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

const flushMicrotasks = async (until: () => boolean, max = 200) => {
  for (let i = 0; i < max && !until(); i++) await Promise.resolve();
};

/**
 * The actor's clock (XState's `clock` option): time only moves when a replay step asks for it, by
 * jumping to the next pending timer. Works with any delay (named, numeric, or a function of context).
 */
class StepClock {
  now = 0;
  private lastId = 0;
  private timers = new Map<number, { due: number; fn: () => void }>();
  setTimeout(fn: () => void, timeout: number): number {
    const id = ++this.lastId;
    this.timers.set(id, { due: this.now + timeout, fn });
    return id;
  }
  clearTimeout(id: number): void {
    this.timers.delete(id);
  }
  /** Advances to the earliest pending timer and runs it; false when no timer is pending. */
  runNext(): boolean {
    let next: [number, { due: number; fn: () => void }] | undefined;
    for (const entry of this.timers) if (!next || entry[1].due < next[1].due) next = entry;
    if (!next) return false;
    this.timers.delete(next[0]);
    this.now = Math.max(this.now, next[1].due);
    next[1].fn();
    return true;
  }
}

/**
 * Replays `path` on `createActor(machine, { input })`. Every actor the machine invokes by name is
 * replaced by a promise whose settling is driven by the path's `xstate.done.actor.*` /
 * `xstate.error.actor.*` steps (the invocation input must equal the one the graph saw), and an
 * `xstate.snapshot.*` step is sent as the child's news; an `xstate.after.*` step moves the actor's clock from timer to timer until the actor receives that
 * event (no real waiting; a timer that fires first shows up as a snapshot mismatch). After every step
 * the snapshot must equal the path's and `assertInvariant` must hold. Actions are the machine's own:
 * pass `machine.provide({ actions: fakes })`.
 */
export async function replayPath<T extends AnyStateMachine>(
  machine: T,
  path: MachinePath<T>,
  options: ReplayOptions<T> = {},
): Promise<ReplayResult<T>> {
  const serialize = (options.serializeState ?? defaultSerializeState) as (s: AnyMachineSnapshot) => string;
  const facts = machineGraphFacts(machine);
  const delayedEvents = new Set(facts.delays.map((d) => d.eventType));
  const invocations: Invocation[] = [];
  const pending = new Map<string, Pending>();
  // A child whose snapshots the machine listens to runs as the machine provides it (its parent hears it
  // from its start on); the path's `xstate.snapshot.*` steps stand for the news it would bring.
  const observed = new Set(
    facts.transitions.filter((t) => t.kind === 'snapshot.actor').map((t) => t.event.replace('xstate.snapshot.', '')),
  );
  const real = new Set(facts.invokes.filter((i) => observed.has(i.id) || options.realChildren?.includes(i.id)).map((i) => i.src));
  const controlled = Object.fromEntries(
    [...new Set(facts.invokes.map((i) => i.src))]
      .filter((src) => !real.has(src))
      .map((src) => [
        src,
        fromPromise<unknown, unknown>(
          ({ input, self, signal }) =>
            new Promise((resolve, reject) => {
              const invocation: Invocation = { id: self.id, src, input, outcome: 'pending' };
              invocations.push(invocation);
              signal.addEventListener('abort', () => {
                if (invocation.outcome === 'pending') invocation.outcome = 'stopped';
              });
              pending.set(self.id, { invocation, resolve, reject });
            }),
        ),
      ]),
  );
  const logic = machine.provide({ actors: controlled } as any) as AnyStateMachine;
  const input = options.input ?? path.input;

  const transitionsTaken: string[] = [];
  const statesEntered = new Set<string>();
  const received: string[] = [];
  const inspect = (e: InspectionEvent) => {
    options.inspect?.(e);
    const isRoot = (e.actorRef as { sessionId?: string }).sessionId === e.rootId;
    if (!isRoot) return;
    if (e.type === '@xstate.microstep') {
      transitionsTaken.push(...e._transitions.map(keyOfTaken));
      for (const node of (e.snapshot as AnyMachineSnapshot)._nodes) statesEntered.add(node.id);
    } else if (e.type === '@xstate.event') {
      received.push(e.event.type);
    }
  };
  // The very first microstep (entering the initial states) is not inspected: read it purely.
  const [initialStep] = (getInitialMicrosteps as (m: AnyStateMachine, i?: unknown) => Array<[AnyMachineSnapshot, unknown[]]>)(logic, input);
  for (const node of initialStep![0]._nodes) statesEntered.add(node.id);

  const clock = new StepClock();
  const actor = createActor(logic, { input, clock, inspect });
  const snapshots: SnapshotFrom<T>[] = [];
  const fail = (index: number, message: string): never => {
    throw new Error(`${machine.id}: step ${index} of path "${path.description}": ${message}`);
  };

  try {
    actor.start();
    for (let index = 0; index < path.steps.length; index++) {
      const step = path.steps[index]!;
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      const previous = index === 0 ? undefined : actor.getSnapshot();
      if (index > 0) {
        const type = event.type;
        if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
          const done = type.startsWith('xstate.done.actor.');
          const id = type.slice(done ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
          const child = pending.get(id);
          if (!child || child.invocation.outcome !== 'pending') fail(index, `no pending invocation '${id}' to settle`);
          const expectedInput = invokeInput(path.steps[index - 1]!.state, id);
          if (JSON.stringify(child!.invocation.input) !== JSON.stringify(expectedInput)) {
            fail(
              index,
              `invocation '${id}' got input ${JSON.stringify(child!.invocation.input)}, the graph assumed ${JSON.stringify(expectedInput)}`,
            );
          }
          const before = received.filter((t) => t === type).length;
          child!.invocation.outcome = done ? 'resolved' : 'rejected';
          if (done) child!.resolve(event.output);
          else child!.reject(event.error);
          await flushMicrotasks(() => received.filter((t) => t === type).length > before);
          if (received.filter((t) => t === type).length === before) fail(index, `the actor never received ${type}`);
        } else if (type.startsWith('xstate.after.')) {
          if (!delayedEvents.has(type)) fail(index, `no delayed transition has event type ${type}`);
          const before = received.filter((t) => t === type).length;
          for (let timers = 0; received.filter((t) => t === type).length === before; timers++) {
            if (timers === 1_000) fail(index, `1000 other timers fired before ${type}`);
            if (!clock.runNext()) fail(index, `no timer pending for ${type}`);
          }
        } else if (type.startsWith('xstate.snapshot.')) {
          // A child's new snapshot, as its parent hears it (the faked child has none of its own).
          actor.send(event);
        } else if (type.startsWith('xstate.')) {
          fail(index, `cannot drive internal event ${type}`);
        } else {
          actor.send(event);
        }
      }
      await flushMicrotasks(() => false, 5);
      const current = actor.getSnapshot() as AnyMachineSnapshot;
      if (current.status === 'error') fail(index, `the actor errored: ${String(current.error)}`);
      const snapshot = current as SnapshotFrom<T>;
      const actual = serialize(snapshot);
      const expected = serialize(step.state);
      if (actual !== expected) fail(index, `after ${formatEvent(event)}\n  expected ${expected}\n  actual   ${actual}`);
      snapshots.push(snapshot);
      options.assertInvariant?.(snapshot, {
        index,
        step,
        previous: previous as SnapshotFrom<T> | undefined,
        path,
        invocations,
        now: clock.now,
      });
    }
  } finally {
    actor.stop();
  }
  return { snapshots, invocations, transitionsTaken, statesEntered };
}

// ---------------------------------------------------------------------------------------------
// Coverage
// ---------------------------------------------------------------------------------------------

export interface CoverageReport {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
  paths: number;
}

/** Named side-effect actions replaced by no-ops (assign and other built-ins are kept). */
export function stubActions(machine: AnyStateMachine): Record<string, () => void> {
  const actions = machine.implementations.actions as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(actions)
      .filter(([, action]) => typeof action === 'function' && !('resolve' in action))
      .map(([name]) => [name, () => {}]),
  );
}

/**
 * Replays every path on a real actor (side-effect actions stubbed, invocations settled per path)
 * and reports the state nodes entered and the transitions that fired, against the definition.
 */
export async function coverage<T extends AnyStateMachine>(
  machine: T,
  paths: readonly MachinePath<T>[],
  options: Pick<ReplayOptions<T>, 'serializeState' | 'realChildren'> = {},
): Promise<CoverageReport> {
  const facts = machineGraphFacts(machine);
  const stubbed = machine.provide({ actions: stubActions(machine) } as any) as T;
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const path of paths) {
    const result = await replayPath(stubbed, path, options);
    result.statesEntered.forEach((s) => states.add(s));
    result.transitionsTaken.forEach((t) => transitions.add(t));
  }
  const missingStates = facts.states.filter((s) => !states.has(s));
  const missingTransitions = facts.transitions.map((t) => t.key).filter((k) => !transitions.has(k));
  return {
    states: { covered: facts.states.length - missingStates.length, total: facts.states.length, missing: missingStates },
    transitions: {
      covered: facts.transitions.length - missingTransitions.length,
      total: facts.transitions.length,
      missing: missingTransitions,
    },
    paths: paths.length,
  };
}

export const percent = (covered: number, total: number) => (total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10);
