/**
 * The paths of one machine's graph, as numbered steps in plain words (what QA walks by hand or
 * reads in a failing test's name). The events are the ones the path tests give the graph
 * (tests/machines/registry.ts).
 *
 *   npm run paths -- <machine> [--to <state>] [--limit N] [--all]
 *
 * Shortest paths by default (one per snapshot the graph tells apart); `--all` lists simple paths
 * (no snapshot twice) too. `--to` keeps the paths ending in a state: its id, the end of its id
 * (`placed`, `address.ready`) or a word of its description (`confirmed`).
 */
import { parseArgs } from 'node:util';
import { shortestPaths, someSimplePaths, type MachinePath } from '../tests/machines/pathCoverage';
import { isIn, pathLines, stateIds, statesNamed } from '../tests/machines/pathWords';
import { machineRegistry } from '../tests/machines/registry';

const USAGE = 'usage: npm run paths -- <machine> [--to <state>] [--limit N] [--all]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { to: { type: 'string' }, limit: { type: 'string', default: '10' }, all: { type: 'boolean', default: false } },
});
const [name] = positionals;
const names = machineRegistry.map((e) => e.name);
if (!name || positionals.length > 1) fail(`${USAGE}\nmachines: ${names.join(', ')}`);
const entry = machineRegistry.find((e) => e.name === name) ?? fail(`No machine '${name}'. Machines: ${names.join(', ')}`);
const limit = Number(values.limit);
const eventsKey = (p: MachinePath) => JSON.stringify([p.input ?? null, ...p.steps.slice(1).map((s) => s.event)]);
if (!Number.isInteger(limit) || limit < 1) fail(`--limit wants a whole number ≥ 1, not '${values.limit}'`);

let nodes: ReturnType<typeof statesNamed> | undefined;
if (values.to !== undefined) {
  nodes = statesNamed(entry.machine, values.to);
  if (!nodes.length) fail(`${name} has no state named '${values.to}'. Its states:\n  ${stateIds(entry.machine).join('\n  ')}`);
}
const ends = (snapshot: MachinePath['state']) => !nodes || isIn(snapshot, nodes);
const byLength = (paths: MachinePath[]) =>
  paths
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.steps.length - b.p.steps.length || a.i - b.i)
    .map(({ p }) => p);

let paths = byLength(shortestPaths(entry.machine, entry).filter((p) => ends(p.state)));
let complete = true;
if (values.all) {
  // Depth-first, so it stops in time on graphs with millions of simple paths.
  const simple = someSimplePaths(entry.machine, entry, { max: limit + paths.length, ends });
  const seen = new Set(paths.map(eventsKey));
  paths = [...paths, ...simple.paths.filter((p) => !seen.has(eventsKey(p)) && seen.add(eventsKey(p)))];
  complete = simple.complete;
}
const target = nodes ? ` to ${nodes.map((n) => n.id).join(' or ')}` : '';

const kind = values.all ? 'shortest and simple paths' : 'shortest paths';
const shown = paths.slice(0, limit);
const count = `${complete ? '' : 'at least '}${paths.length}`;
console.log(`${name}: ${count} ${kind}${target}${paths.length > shown.length || !complete ? `, the first ${shown.length} (--limit)` : ''}`);
shown.forEach((path, i) => {
  const [start, ...steps] = pathLines(path);
  const width = String(steps.length).length;
  console.log(`\nPath ${i + 1} (${steps.length} step${steps.length === 1 ? '' : 's'})`);
  console.log(`${' '.repeat(width + 2)}${start}`);
  steps.forEach((line, n) => console.log(`${String(n + 1).padStart(width)}. ${line}`));
});
if (!paths.length) process.exitCode = 1;
