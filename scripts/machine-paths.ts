/**
 * Path coverage of every machine in tests/machines/registry.ts: states, transitions, generated
 * paths and the share of state nodes / transitions the replayed paths reach, as a table printed
 * last (after any state or transition never reached). Exits 1 below 100 %.
 *
 *   npx tsx scripts/machine-paths.ts      (npm run test:paths)
 */
import { coverage, generatePaths, percent } from '../tests/machines/pathCoverage';
import { machineRegistry } from '../tests/machines/registry';

const header = ['machine', 'states', 'transitions', 'paths', 'states %', 'transitions %'];
const rows: string[][] = [];
const problems: string[] = [];
const total = { states: 0, statesCovered: 0, transitions: 0, transitionsCovered: 0, paths: 0 };

for (const entry of machineRegistry) {
  try {
    const paths = generatePaths(entry.machine, entry);
    const report = await coverage(entry.machine, paths, { serializeState: entry.serializeState, realChildren: entry.realChildren });
    const statesPct = percent(report.states.covered, report.states.total);
    const transitionsPct = percent(report.transitions.covered, report.transitions.total);
    rows.push([
      entry.name,
      `${report.states.covered}/${report.states.total}`,
      `${report.transitions.covered}/${report.transitions.total}`,
      String(report.paths),
      `${statesPct}`,
      `${transitionsPct}`,
    ]);
    total.statesCovered += report.states.covered;
    total.states += report.states.total;
    total.transitionsCovered += report.transitions.covered;
    total.transitions += report.transitions.total;
    total.paths += report.paths;
    for (const state of report.states.missing) problems.push(`${entry.name}: state never reached: ${state}`);
    for (const transition of report.transitions.missing) problems.push(`${entry.name}: transition never taken: ${transition}`);
  } catch (error) {
    rows.push([entry.name, '-', '-', '-', 'error', 'error']);
    problems.push(`${entry.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// Problems first: the table is the last thing printed, one command away from the figure.
if (problems.length) {
  problems.forEach((p) => console.log(p));
  console.log('');
  process.exitCode = 1;
}

rows.push([
  `all ${machineRegistry.length}`,
  `${total.statesCovered}/${total.states}`,
  `${total.transitionsCovered}/${total.transitions}`,
  String(total.paths),
  String(percent(total.statesCovered, total.states)),
  String(percent(total.transitionsCovered, total.transitions)),
]);

const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
rows.forEach((r, i) => {
  if (i === rows.length - 1) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  console.log(line(r));
});
