/** The boundary rules of eslint.config.js fire on the code they forbid, and let the allowed through. */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './importGraph';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BOUNDARY_RULES = ['no-restricted-imports', 'no-restricted-globals', 'no-restricted-properties', 'no-restricted-syntax', 'max-lines'];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The boundary rules `code` breaks when it sits at `file` (which need not exist). */
async function broken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => BOUNDARY_RULES.includes(m.ruleId ?? '')).map((m) => m.ruleId!);
}

describe('machines/ hold no React, no DOM, no fetch', () => {
  const file = 'machines/example.machine.ts';

  it.each([
    ["import { useState } from 'react';\nexport const s = useState;", 'no-restricted-imports'],
    ["import { useSelector } from '@xstate/react';\nexport const s = useSelector;", 'no-restricted-imports'],
    ["import { Link } from 'react-router-dom';\nexport const l = Link;", 'no-restricted-imports'],
    ["import { Button } from 'react-aria-components';\nexport const b = Button;", 'no-restricted-imports'],
    ["import { storage } from '../src/actors/storage';\nexport const s = storage;", 'no-restricted-imports'],
    ["import { createAppActors } from '../src/app/createAppActors';\nexport const c = createAppActors;", 'no-restricted-imports'],
    ['export const reload = () => window.location.reload();', 'no-restricted-globals'],
    ["export const read = () => localStorage.getItem('k');", 'no-restricted-globals'],
    ["export const load = () => fetch('/api/v1/blog/posts');", 'no-restricted-globals'],
    ["export const load = () => globalThis.fetch('/api/v1/blog/posts');", 'no-restricted-properties'],
  ])('refuses %s', async (code, rule) => {
    expect(await broken(file, code)).toContain(rule);
  });

  it('allows xstate, the contract types and src/domain', async () => {
    const code = [
      "import { setup } from 'xstate';",
      "import type { components } from '../openapi/schema';",
      "import { toCents } from '../src/domain';",
      'export const m = [setup, toCents] as const;',
      "export type U = components['schemas']['User'];",
    ].join('\n');
    expect(await broken(file, code)).toEqual([]);
  });
});

describe('src/domain imports nothing outside itself', () => {
  const file = 'src/domain/example.ts';

  it.each([
    "import { z } from 'zod';\nexport const s = z;",
    "import { formatLongDate } from '../ui/format';\nexport const f = formatLongDate;",
    "import fs from 'node:fs';\nexport const f = fs;",
  ])('refuses %s', async (code) => {
    expect(await broken(file, code)).toContain('no-restricted-imports');
  });

  it('allows its own files', async () => {
    expect(await broken(file, "import { toCents } from './money';\nexport const t = toCents;")).toEqual([]);
  });
});

describe("areas reach each other only through an area's index.ts", () => {
  it("refuses another area's inner files", async () => {
    expect(await broken('src/home/Example.tsx', "import { PostCard } from '../blog/PostCard';\nexport const p = PostCard;")).toContain(
      'no-restricted-imports',
    );
    expect(await broken('src/blog/Example.tsx', "import { homeTexts } from '../home/homeContent';\nexport const h = homeTexts;")).toContain(
      'no-restricted-imports',
    );
  });

  it('allows the public entry and the shared places; the composition root may import areas', async () => {
    const code = [
      "import { PostCard } from '../blog';",
      "import { useAppActors } from '../actors/AppActors';",
      "import { usePageTitle } from '../ui/usePageTitle';",
      "import { toCents } from '../domain';",
      "import { blogMachine } from '../../machines/blog.machine';",
      'export const all = [PostCard, useAppActors, usePageTitle, toCents, blogMachine];',
    ].join('\n');
    expect(await broken('src/home/Example.tsx', code)).toEqual([]);
    expect(await broken('src/app/Example.tsx', "import { HomePage } from '../home/HomePage';\nexport const h = HomePage;")).toEqual([]);
  });
});

describe('refusals are told apart by code, never by their Italian message', () => {
  it.each([
    // what src/api/cassaActors.ts did before the codes: a stale save recognised by its text
    [
      'src/api/example.ts',
      "import { STALE_ORDER_MESSAGE } from '../domain';\nexport const stale = (m: string) => m === STALE_ORDER_MESSAGE;",
    ],
    ['src/api/example.ts', 'export const stale = (body: { message: string }) => body.message === "Ordine non trovato.";'],
    ['src/cassa/Example.tsx', "export const gone = (message: string) => 'Ordine non trovato.' !== message;"],
    ['machines/example.machine.ts', "export const unverified = (e: { message: string }) => e.message.startsWith('Devi confermare');"],
    [
      'machines/example.machine.ts',
      "export const kind = (e: { message: string }) => { switch (e.message) { case 'x': return 1; default: return 0; } };",
    ],
    [
      'machines/example.machine.ts',
      "const MESSAGES = { closed: 'Chiuso' };\nexport const closed = (text: string) => text === MESSAGES.closed;",
    ],
  ])('refuses a message comparison in %s: %s', async (file, code) => {
    expect(await broken(file, code)).toContain('no-restricted-syntax');
  });

  it('allows branching on the code, and reading the message to show it', async () => {
    const code = [
      "import { refusalFrom } from './refusal';",
      "export const stale = (body: unknown) => refusalFrom(body).code === 'order.stale';",
      'export const shown = (body: unknown) => refusalFrom(body).message;',
    ].join('\n');
    expect(await broken('src/api/example.ts', code)).toEqual([]);
  });
});

describe('src/app imports the areas, never the reverse', () => {
  const fromApp = "import { createAppActors } from '../app/createAppActors';\nexport const c = createAppActors;";

  it.each(['src/home/Example.tsx', 'src/cassa/nested/Example.tsx', 'src/ui/Example.tsx', 'src/api/example.ts', 'src/actors/example.ts'])(
    'refuses src/app in %s',
    async (file) => {
      const code = file.includes('/nested/') ? fromApp.replace("'../app/", "'../../app/") : fromApp;
      expect(await broken(file, code)).toContain('no-restricted-imports');
    },
  );

  it('lets the shared places use each other', async () => {
    const code =
      "import { useShop } from '../actors/AppActors';\nimport { loginHref } from './returnTo';\nexport const all = [useShop, loginHref];";
    expect(await broken('src/ui/Example.tsx', code)).toEqual([]);
  });
});

describe('only server/db and the two order writers ask which engine runs', () => {
  const asks = (from: string) => `import { isPostgres } from '${from}';\nexport const e = isPostgres;`;

  it.each([
    ['server/ecommerce/example.ts', '../db/engine'],
    ['server/orders/order-rules.ts', '../db/engine'],
    ['server/services.ts', './db/engine'],
    ['tests/server/example.test.ts', '../../server/db/engine'],
  ])('refuses isPostgres in %s', async (file, from) => {
    expect(await broken(file, asks(from))).toContain('no-restricted-imports');
  });

  it.each([
    ['server/db/example.ts', './engine'],
    ['server/orders/order-writer.sqlite.ts', '../db/engine'],
    ['server/orders/order-writer.postgres.ts', '../db/engine'],
  ])('allows it in %s', async (file, from) => {
    expect(await broken(file, asks(from))).toEqual([]);
  });

  it('lets the wiring choose a writer through byEngine', async () => {
    const code = "import { byEngine } from './db/engine';\nexport const b = byEngine;";
    expect(await broken('server/services.ts', code)).toEqual([]);
  });
});

describe('files one can hold in mind: 350 lines in machines/ and src/, 450 in server/', () => {
  const lines = (count: number) => Array.from({ length: count }, (_, i) => `export const v${i} = ${i};`).join('\n');

  it.each([
    ['machines/example.machine.ts', 351],
    ['src/cassa/Example.tsx', 351],
    ['server/orders/example.ts', 451],
  ])('refuses %s at %i lines', async (file, count) => {
    expect(await broken(file, lines(count))).toContain('max-lines');
  });

  it.each([
    ['machines/example.machine.ts', 350],
    ['server/orders/example.ts', 450],
    ['server/db/seed-data.ts', 900],
    ['server/db/migrations.ts', 900],
  ])('lets %s through at %i lines', async (file, count) => {
    expect(await broken(file, lines(count))).toEqual([]);
  });
});

describe('the import-cycle check (import-cycles.test.ts) fires', () => {
  const graphOf = (files: Record<string, string>) => importGraph(new Map(Object.entries(files)));
  // Circles through a type import, a re-export with a dynamic import back, and a file importing itself.
  const circles = {
    'server/http/contract.ts': "import { accessGuard } from './auth';\nexport const c = accessGuard;",
    'server/http/auth.ts': "import type { Access } from './contract.js';\nexport type A = Access;",
    'src/ui/a.ts': "export * from '../actors';",
    'src/actors/index.ts': "export const load = () => import('../ui/a');",
    'src/domain/self.ts': "import { x } from './self';\nexport const y = x;",
  };

  it('on every circle', () => {
    expect(importCycles(graphOf(circles))).toEqual([
      ['server/http/auth.ts', 'server/http/contract.ts'],
      ['src/actors/index.ts', 'src/ui/a.ts'],
      ['src/domain/self.ts'],
    ]);
  });

  it('not once the edges back are gone (imports of packages and of other folders are fine)', () => {
    const tree = { ...circles, 'server/http/auth.ts': "import { z } from 'zod';", 'src/actors/index.ts': "import '../domain/self';" };
    expect(importCycles(graphOf({ ...tree, 'src/domain/self.ts': 'export const y = 1;' }))).toEqual([]);
  });
});
