/**
 * Paths of the machine graphs in plain words, for people: `npm run paths` prints them and the
 * browser model tests (tests/model/) name their tests and steps with them. No vitest import here.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import type { MachinePath } from './pathCoverage';

/** The state nodes a snapshot is in, innermost only (`checkout.address.loading`; one per parallel region). */
export function leafStateIds(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as AnyStateNode[]).filter((n) => n.type === 'atomic' || n.type === 'final').map((n) => n.id);
}

export const stateWords = (snapshot: AnyMachineSnapshot): string => leafStateIds(snapshot).join(' + ');

const MAX_VALUE = 40;

function valueWords(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.length} item${value.length > 1 ? 's' : ''}]`;
  if (typeof value === 'function') return 'fn';
  const json = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return json.length > MAX_VALUE ? `${json.slice(0, MAX_VALUE - 1)}…` : json;
}

/** `hasUser: true, step: 2`; objects and lists summed up, long values cut. */
export function payloadWords(payload: Record<string, unknown>): string {
  if (payload instanceof Error) return valueWords(payload);
  return Object.entries(payload)
    .map(([key, value]) => `${key}: ${valueWords(value)}`)
    .join(', ');
}

const withPayload = (words: string, payload: unknown) => {
  if (payload === undefined) return words;
  if (typeof payload !== 'object' || payload === null || payload instanceof Error || Array.isArray(payload))
    return `${words} ${valueWords(payload)}`;
  const text = payloadWords(payload as Record<string, unknown>);
  return text ? `${words} (${text})` : words;
};

/** What happens in one step: the person's event, an invoked actor's answer, or time passing. */
export function eventWords(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const internal = /^xstate\.(done\.actor|error\.actor|after|snapshot|init)\.?(.*)$/.exec(type);
  if (!internal) return withPayload(`send ${type}`, Object.keys(payload).length ? payload : undefined);
  const [, kind, rest] = internal;
  switch (kind) {
    case 'done.actor':
      return withPayload(`${rest} answers`, payload.output);
    case 'error.actor':
      return withPayload(`${rest} fails`, payload.error);
    case 'after':
      return `wait ${rest!.split('.')[0]}`;
    case 'snapshot':
      return `${rest} reports ${JSON.stringify((payload.snapshot as AnyMachineSnapshot | undefined)?.value ?? null)}`;
    default:
      return 'start';
  }
}

/** `["start (input …) → checkout.starting", "send step.next → checkout.delivery", …]`: the start, then each step. */
export function pathLines(path: MachinePath): string[] {
  const [first, ...rest] = path.steps;
  const input = path.input === undefined ? '' : ` (input ${payloadWords(path.input as Record<string, unknown>)})`;
  return [
    `start${input} → ${stateWords(first!.state)}`,
    ...rest.map((step) => `${eventWords(step.event as EventObject)} → ${stateWords(step.state)}`),
  ];
}

/** A path's name in one line: its events, then where it ends. */
export function pathTitle(path: MachinePath): string {
  const events = path.steps.slice(1).map((s) => eventWords(s.event as EventObject));
  return `${events.join(' → ') || 'start'} ⇒ ${stateWords(path.state)}`;
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateNodes)];
}

/**
 * The state nodes a short name means: its full id, the end of an id (`placed`, `address.loading`),
 * or else a word of a state's description (`confirmed`).
 */
export function statesNamed(machine: AnyStateMachine, name: string): AnyStateNode[] {
  const nodes = allStateNodes(machine.root);
  const byId = nodes.filter((n) => n.id === name || n.id.endsWith(`.${name}`));
  if (byId.length) return byId;
  const word = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
  return nodes.filter((n) => n.description !== undefined && word.test(n.description));
}

/** Every state node id of the machine, for "no state named …" messages. */
export const stateIds = (machine: AnyStateMachine): string[] => allStateNodes(machine.root).map((n) => n.id);

/** Whether the snapshot is in one of `nodes` (a compound node counts when any of its children is active). */
export function isIn(snapshot: AnyMachineSnapshot, nodes: readonly AnyStateNode[]): boolean {
  const ids = new Set(nodes.map((n) => n.id));
  return (snapshot._nodes as AnyStateNode[]).some((n) => ids.has(n.id));
}
