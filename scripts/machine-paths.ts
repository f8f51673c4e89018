/**
 * Path coverage of every machine in tests/machines/registry.ts: states, transitions, generated
 * paths and the share of state nodes / transitions the replayed paths reach. Exits 1 below 100 %.
 *
 *   npx tsx scripts/machine-paths.ts      (npm run test:paths)
 */
import { coverage, generatePaths, percent } from '../tests/machines/pathCoverage';
import { machineRegistry } from '../tests/machines/registry';

const header = ['machine', 'states', 'transitions', 'paths', 'states %', 'transitions %'];
const rows: string[][] = [];
const problems: string[] = [];

for (const entry of machineRegistry) {
  try {
    const paths = generatePaths(entry.machine, entry);
    const report = await coverage(entry.machine, paths, { serializeState: entry.serializeState });
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
    for (const state of report.states.missing) problems.push(`${entry.name}: state never reached: ${state}`);
    for (const transition of report.transitions.missing) problems.push(`${entry.name}: transition never taken: ${transition}`);
  } catch (error) {
    rows.push([entry.name, '-', '-', '-', 'error', 'error']);
    problems.push(`${entry.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
rows.forEach((r) => console.log(line(r)));

if (problems.length) {
  console.log('');
  problems.forEach((p) => console.log(p));
  process.exitCode = 1;
}
