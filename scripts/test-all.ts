/**
 * `npm test`: every suite in order — type check, lint, the contract's linters (Redocly, Spectral OWASP), unit and machine-path tests, component tests,
 * the server suite on SQLite and (when DATABASE_URL is a postgres:// URL) on PostgreSQL, the cluster
 * suite (three processes behind HAProxy, when PostgreSQL and HAProxy are there), the production build,
 * then the browser suite against the real server.
 * Runs them all even after a failure, prints a summary, exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
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
}

const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-test-'));

const steps: Step[] = [
  { name: 'type check', command: ['npx', 'tsc', '--noEmit', '-p', '.'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'contract lint', command: ['npm', 'run', '--silent', 'lint:api'] },
  { name: 'unit + machine paths', command: ['npx', 'vitest', 'run', '--project', 'unit'], vitest: true },
  { name: 'machine coverage table', command: ['npx', 'tsx', 'scripts/machine-paths.ts'] },
  { name: 'components', command: ['npx', 'vitest', 'run', '--project', 'components'], vitest: true },
  { name: 'server on SQLite', command: ['npx', 'vitest', 'run', '--project', 'server'], env: { DATABASE_URL: '' }, vitest: true },
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
        },
      ]
    : []),
  { name: 'build', command: ['npx', 'vite', 'build', '--logLevel', 'warn'] },
  { name: 'browser (e2e)', command: ['npx', 'vitest', 'run', '--project', 'e2e'], vitest: true },
  { name: 'browser (model paths)', command: ['npx', 'vitest', 'run', '--project', 'model'], vitest: true },
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

const outcomes: Outcome[] = [];
for (const [index, step] of steps.entries()) {
  console.log(`\n━━ ${step.name} ━━ ${step.command.join(' ')}`);
  const started = Date.now();
  const report = path.join(reportDir, `step-${index}.json`);
  const args = step.vitest
    ? [...step.command.slice(1), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
    : step.command.slice(1);
  const result = spawnSync(step.command[0]!, args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const ok = result.status === 0;
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
  outcomes.push({ name: step.name, ok, passed, failed, seconds: (Date.now() - started) / 1000, failures });
}

console.log('\n━━ summary ━━');
for (const o of outcomes) {
  console.log(
    `${o.ok ? 'PASS' : 'FAIL'}  ${o.name.padEnd(30)} ${String(o.passed).padStart(4)} passed ${String(o.failed).padStart(3)} failed  ${o.seconds.toFixed(1)} s`,
  );
  for (const failure of o.failures) console.log(`      ✗ ${failure}`);
}
const passed = outcomes.reduce((s, o) => s + o.passed, 0);
const failed = outcomes.reduce((s, o) => s + o.failed, 0);
fs.rmSync(reportDir, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
