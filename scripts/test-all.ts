/**
 * `npm test`: every suite — type check, lint, the contract's linters (Redocly, Spectral OWASP), unit and machine-path tests, component tests,
 * the server suite on SQLite and (when DATABASE_URL is a postgres:// URL) on PostgreSQL, the cluster
 * suite (three processes behind HAProxy, when PostgreSQL and HAProxy are there), the production build,
 * then the browser suites against the real server.
 * Independent steps run side by side, as many at once as the machine has cores (at least two; TEST_JOBS
 * to change): the browser suites after the build, the server suites and the checks beside them. Each
 * step's output is printed whole when it ends. Runs them all even after a failure, prints a summary,
 * exits non-zero on any failure.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HAPROXY } from './cluster';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** vitest steps report their own test counts */
  vitest?: boolean;
  /** steps that must have ended first: what they build, or a resource the two would share */
  after?: string[];
}

const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-test-'));
const jobs = Number(process.env.TEST_JOBS) || Math.max(2, os.availableParallelism());

const BUILD = 'build';
const E2E = 'browser (e2e)';

// A free slot takes the first step in this list whose `after` steps have ended. The browser chain
// (build, e2e, model paths: about 450 of the 890 s the steps took one after another in CI) starts
// first and keeps one slot; everything else, the server suites first, fills the other beside it.
const steps: Step[] = [
  // The front end and the server bundle: the browser and cluster suites run these, and must not both build them.
  { name: BUILD, command: ['npx', 'tsx', 'scripts/build.ts'] },
  { name: 'server on SQLite', command: ['npx', 'vitest', 'run', '--project', 'server'], env: { DATABASE_URL: '' }, vitest: true },
  { name: E2E, command: ['npx', 'vitest', 'run', '--project', 'e2e'], vitest: true, after: [BUILD] },
  // The e2e and model suites share one global set-up (its results folder): one after the other.
  { name: 'browser (model paths)', command: ['npx', 'vitest', 'run', '--project', 'model'], vitest: true, after: [E2E] },
  ...(postgresUrl
    ? [
        {
          name: 'server on PostgreSQL',
          command: ['npx', 'vitest', 'run', '--project', 'server'],
          env: { DATABASE_URL: postgresUrl },
          vitest: true,
        },
      ]
    : []),
  ...(postgresUrl && fs.existsSync(HAPROXY)
    ? [
        {
          name: 'cluster (HAProxy + PostgreSQL)',
          command: ['npx', 'vitest', 'run', '--project', 'cluster'],
          env: { DATABASE_URL: postgresUrl },
          vitest: true,
          after: [BUILD],
        },
      ]
    : []),
  { name: 'type check', command: ['npx', 'tsc', '--noEmit', '-p', '.'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'contract lint', command: ['npm', 'run', '--silent', 'lint:api'] },
  { name: 'unit + machine paths', command: ['npx', 'vitest', 'run', '--project', 'unit'], vitest: true },
  { name: 'machine coverage table', command: ['npx', 'tsx', 'scripts/machine-paths.ts'] },
  { name: 'components', command: ['npx', 'vitest', 'run', '--project', 'components'], vitest: true },
];

interface Outcome {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  seconds: number;
  /** names of the failed tests, repeated in the summary so a CI tail shows them */
  failures: string[];
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}

/** Runs one step with its output kept aside; resolves once it has exited and its output is printed. */
async function run(step: Step, index: number): Promise<Outcome> {
  const started = Date.now();
  const report = path.join(reportDir, `step-${index}.json`);
  const args = step.vitest
    ? [...step.command.slice(1), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
    : step.command.slice(1);
  console.log(`▶ ${step.name}`);
  const output: Buffer[] = [];
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(step.command[0]!, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      // Colours as if on the terminal, when there is one: the output is only held back, not changed.
      env: { ...(process.stdout.isTTY && { FORCE_COLOR: '1' }), ...process.env, ...step.env },
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve(null);
    });
    child.on('close', resolve);
  });
  const ok = status === 0;
  const seconds = (Date.now() - started) / 1000;
  console.log(`\n━━ ${step.name} ━━ ${step.command.join(' ')}`);
  process.stdout.write(Buffer.concat(output));
  console.log(`━━ ${step.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);

  let passed = ok ? 1 : 0;
  let failed = ok ? 0 : 1;
  let failures: string[] = [];
  if (step.vitest && fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8')) as VitestReport;
    passed = json.numPassedTests;
    failed = json.numFailedTests + (ok || json.numFailedTests > 0 ? 0 : 1);
    failures = json.testResults.flatMap((file) =>
      file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => `${path.relative(process.cwd(), file.name)} › ${test.fullName}`),
    );
  }
  return { name: step.name, ok, passed, failed, seconds, failures };
}

/** Starts every step whose `after` steps have ended, at most `jobs` at once, in list order. */
async function runAll(): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const waiting = [...steps.entries()];
  const running = new Set<Promise<void>>();
  while (waiting.length > 0 || running.size > 0) {
    while (running.size < jobs) {
      const next = waiting.findIndex(([, step]) => (step.after ?? []).every((name) => outcomes.has(name)));
      if (next < 0) break;
      const [[index, step]] = waiting.splice(next, 1) as [[number, Step]];
      const done: Promise<void> = run(step, index).then((outcome) => {
        outcomes.set(step.name, outcome);
        running.delete(done);
      });
      running.add(done);
    }
    if (running.size === 0) throw new Error(`steps waiting for a step that is not there: ${waiting.map(([, s]) => s.name).join(', ')}`);
    await Promise.race(running);
  }
  return outcomes;
}

const wallStarted = Date.now();
const outcomes = await runAll();
const ordered = steps.map((step) => outcomes.get(step.name)!);

console.log(`\n━━ summary ━━ (${jobs} at once)`);
for (const o of ordered) {
  console.log(
    `${o.ok ? 'PASS' : 'FAIL'}  ${o.name.padEnd(30)} ${String(o.passed).padStart(4)} passed ${String(o.failed).padStart(3)} failed  ${o.seconds.toFixed(1)} s`,
  );
  for (const failure of o.failures) console.log(`      ✗ ${failure}`);
}
const passed = ordered.reduce((s, o) => s + o.passed, 0);
const failed = ordered.reduce((s, o) => s + o.failed, 0);
const stepSeconds = ordered.reduce((s, o) => s + o.seconds, 0);
fs.rmSync(reportDir, { recursive: true, force: true });
console.log(`${((Date.now() - wallStarted) / 1000).toFixed(1)} s in all (the steps' own times add up to ${stepSeconds.toFixed(1)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ordered.every((o) => o.ok) ? 0 : 1);
