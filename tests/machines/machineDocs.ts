/**
 * The pages of docs/machines/: one per machine in machines/*.machine.ts, generated from the
 * machine's own definition (a Mermaid state diagram, its events, tags, invoked actors, delays) and
 * its path-test entry (tests/machines/registry.ts: how many paths the graph has), plus an index.
 * `npm run machines:docs` writes them; tests/unit/machine-docs.test.ts fails when one is stale, so
 * the output is deterministic: definition order or sorted, no dates. No vitest import here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { generatePaths, machineGraphFacts, shortestPaths, type GraphFacts, type TransitionFact } from './pathCoverage';
import { machineRegistry, type MachineEntry } from './registry';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const DOCS_DIR = path.join(ROOT, 'docs', 'machines');
const MACHINES_DIR = path.join(ROOT, 'machines');
const SRC_DIR = path.join(ROOT, 'src');

/** What each machine drives, in words; the views importing it are listed from the code. */
const SCREENS: Record<string, string> = {
  account: '/auth/account: the customer’s details, addresses and orders',
  app: 'every page: the root of the actor system',
  blogList: '/blog (and the home page’s latest news): the list of posts',
  blogPost: '/blog/:id/:slug: one post',
  bulkPrice: '/admin › Menu › Aumento prezzi',
  cart: '/ecommerce/cart, the header’s cart, the cassa’s order lines',
  cassaDayList: '/cassa: the day’s orders (live stream, refresh, chime, print, delivered)',
  cassaLines: '/cassa: the order widget’s product search and gifts',
  cassaOrder: '/cassa: the order widget (a new order, or the one in ?ordine=)',
  cassaScreen: '/cassa: the screen, parent of the day list, the order widget and its cart',
  cassaStart: '/cassa: how it opens (online, on the copy kept for offline, or not) and the new version offer',
  changePassword: '/auth/change-password',
  checkout: '/ecommerce/checkout: the six steps (five for pickup)',
  checkoutConfirmation: '/ecommerce/ordine-confermato: the placed order read back',
  confirmRequired: '/auth/confirm-required',
  cookieConsent: 'every page: the cookie banner',
  forgotPassword: '/auth/forgot-password',
  login: '/auth/login',
  pageReload: 'every page: the hourly reload of customers’ pages',
  productDialog: '/ecommerce: the product dialog',
  recordEditor: '/admin: every record editor (products, categories, zones, posts, staff…)',
  recordList: '/admin: every record list',
  register: '/auth/register',
  resetPassword: '/auth/reset-password',
  session: 'every page: who is logged in',
  shop: 'every page: menu, zones and settings',
  specialDay: '/admin › Orari: a special day',
  suggestBox: '/cassa: the name and product suggestion boxes',
  toast: 'every page: the error toast',
};

export interface MachineModule {
  /** The page's name: the file's (`checkout` for machines/checkout.machine.ts). */
  name: string;
  /** machines/<file>, from the repository's root. */
  file: string;
  machine: AnyStateMachine;
  /** The machine's path-test entry, when it has one. */
  entry: MachineEntry | undefined;
  /** The doc comment above the machine's export, as one paragraph. */
  summary: string;
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'root' in value &&
  'config' in value &&
  typeof (value as { transition?: unknown }).transition === 'function';

function docComment(source: string, exportName: string): string {
  const at = source.search(new RegExp(`export const ${exportName}\\b`));
  const end = source.lastIndexOf('*/', at);
  const start = source.lastIndexOf('/**', end);
  if (at < 0 || end < 0 || start < 0 || source.slice(end + 2, at).trim() !== '') return '';
  return source
    .slice(start + 3, end)
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Every machine exported by machines/*.machine.ts, by file name. A `provide()`d copy of a machine
 * (same definition; cassaScreen gives the editor its actors) is drawn once, on its own file's page.
 */
export async function loadMachines(): Promise<MachineModule[]> {
  const files = fs
    .readdirSync(MACHINES_DIR)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort();
  const found: { file: string; exportName: string; machine: AnyStateMachine; source: string }[] = [];
  for (const file of files) {
    const exports = (await import(pathToFileURL(path.join(MACHINES_DIR, file)).href)) as Record<string, unknown>;
    const source = fs.readFileSync(path.join(MACHINES_DIR, file), 'utf8');
    for (const [exportName, value] of Object.entries(exports).sort(([a], [b]) => a.localeCompare(b)))
      if (isMachine(value)) found.push({ file, exportName, machine: value, source });
  }
  const baseOf = (file: string) => file.replace(/\.machine\.ts$/, '');
  const kept = found.filter(
    (m) => baseOf(m.file) === m.machine.id || !found.some((o) => o.machine.config === m.machine.config && baseOf(o.file) === o.machine.id),
  );
  return kept.map(({ file, exportName, machine, source }) => ({
    name: kept.filter((k) => k.file === file).length === 1 ? baseOf(file) : `${baseOf(file)}.${exportName}`,
    file: `machines/${file}`,
    machine,
    // (an entry may give the machine with some I/O provided: the same definition)
    entry: machineRegistry.find((e) => e.machine.config === machine.config),
    summary: docComment(source, exportName),
  }));
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? sourceFiles(path.join(dir, d.name)) : d.name.endsWith('.tsx') ? [path.join(dir, d.name)] : []));
}

/** The React views (src/**\/*.tsx) importing the machine's file or its .connect/.types companions. */
function viewsOf(file: string): string[] {
  const base = path.basename(file).replace(/\.machine\.ts$/, '');
  const pattern = new RegExp(`from '[./]*/machines/${base.replace(/\./g, '\\.')}\\.(machine|connect|types)'`);
  return sourceFiles(SRC_DIR)
    .filter((f) => pattern.test(fs.readFileSync(f, 'utf8')))
    .map((f) => path.relative(ROOT, f).split(path.sep).join('/'))
    .sort();
}

// ---------------------------------------------------------------------------------------------
// Mermaid
// ---------------------------------------------------------------------------------------------

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateNodes)];
}

const childrenOf = (node: AnyStateNode) => Object.values(node.states as Record<string, AnyStateNode>);
const isAncestorOrSelf = (a: AnyStateNode, b: AnyStateNode) => b.id === a.id || b.id.startsWith(`${a.id}.`);

/** Mermaid's lexer ends a label at `:`, `;` or a newline, drops `#…` and `%%…` as comments and reads `<…>` as HTML. */
export function mermaidLabel(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/:/g, ' ')
    .replace(/;/g, ',')
    .replace(/#/g, 'no. ')
    .replace(/%/g, ' pct')
    .replace(/"/g, "'")
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `5 s`, `200 ms`, `60 min`. */
function durationWords(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1_000 && ms % 1_000 === 0) return `${ms / 1_000} s`;
  return `${ms} ms`;
}

function delayWords(machine: AnyStateMachine, delay: unknown): string {
  if (typeof delay === 'number') return durationWords(delay);
  if (typeof delay === 'string') {
    const value = (machine.implementations.delays as Record<string, unknown>)[delay];
    return typeof value === 'number' ? `${delay} ${durationWords(value)}` : `${delay} (computed)`;
  }
  return 'computed';
}

/** The event of a transition as people say it: `step.next`, `done placeOrder`, `after TOAST 5 s`, `always`. */
function eventLabel(machine: AnyStateMachine, facts: GraphFacts, t: TransitionFact): string {
  switch (t.kind) {
    case 'always':
      return 'always';
    case 'after': {
      const delay = facts.delays.find((d) => d.eventType === t.event);
      return `after ${delayWords(machine, delay?.delay)}`;
    }
    case 'done.actor':
      return `done ${t.event.slice('xstate.done.actor.'.length)}`;
    case 'error.actor':
      return `error ${t.event.slice('xstate.error.actor.'.length)}`;
    case 'snapshot.actor':
      return `snapshot ${t.event.slice('xstate.snapshot.'.length)}`;
    case 'done.state':
      return `done ${t.event.slice('xstate.done.state.'.length)}`;
    default:
      return t.event;
  }
}

const guardLabel = (t: TransitionFact) => (t.guard ? `[${t.guard}${t.guardParams ? ` ${t.guardParams}` : ''}]` : '');

/**
 * The Mermaid `stateDiagram-v2` of the machine. Mermaid cannot draw an arrow between children of
 * different composite states, nor from a composite state into itself: an arrow is drawn between the
 * children of the innermost state holding both ends (noting where it really starts or ends), and
 * a transition of a state to its own descendants (the root's `on`, for instance) starts from an
 * "any state" box inside it.
 */
export function mermaidDiagram(machine: AnyStateMachine): string[] {
  const facts = machineGraphFacts(machine);
  const nodes = new Map(allStateNodes(machine.root).map((n) => [n.id, n]));
  const ids = new Map<string, string>();
  for (const id of nodes.keys()) {
    const mid = `s_${id.replace(/[^A-Za-z0-9]/g, '_')}`;
    if ([...ids.values()].includes(mid)) throw new Error(`${machine.id}: two state ids give the Mermaid id ${mid}`);
    ids.set(id, mid);
  }
  const mid = (node: AnyStateNode) => ids.get(node.id)!;
  const anyOf = (node: AnyStateNode) => `${mid(node)}__any`;
  /** The child of `ancestor` that holds `node`. */
  const lift = (node: AnyStateNode, ancestor: AnyStateNode) =>
    nodes.get(
      node.id
        .split('.')
        .slice(0, ancestor.id.split('.').length + 1)
        .join('.'),
    )!;
  const initialChild = (node: AnyStateNode) => (node.initial?.target?.[0] as AnyStateNode | undefined) ?? childrenOf(node)[0]!;
  const relative = (node: AnyStateNode, from: AnyStateNode) => node.id.slice(from.id.length + 1);

  const edges = new Map<string, string[]>();
  const needsAny = new Set<string>();
  const addEdge = (where: AnyStateNode, line: string) => edges.set(where.id, [...(edges.get(where.id) ?? []), line]);

  for (const t of facts.transitions) {
    const source = nodes.get(t.source)!;
    const label = [eventLabel(machine, facts, t), guardLabel(t)].filter(Boolean).join(' ');
    for (const targetId of t.targets) {
      const target = nodes.get(targetId)!;
      const notes: string[] = [];
      let where: AnyStateNode;
      let from: string;
      let to: AnyStateNode;
      if (source === target && childrenOf(source).length === 0) {
        where = source.parent ?? source;
        from = mid(source);
        to = source;
      } else if (isAncestorOrSelf(source, target)) {
        where = source;
        from = anyOf(source);
        needsAny.add(source.id);
        to = source === target ? initialChild(source) : lift(target, source);
        if (source === target) notes.push('re-enters');
      } else if (isAncestorOrSelf(target, source)) {
        where = target;
        from = mid(lift(source, target));
        to = initialChild(target);
        notes.push(`re-enters ${target.key}`);
      } else {
        let lca = source.parent!;
        while (!isAncestorOrSelf(lca, target)) lca = lca.parent!;
        where = lca;
        const start = lift(source, lca);
        from = mid(start);
        to = lift(target, lca);
        if (start !== source) notes.push(`from ${relative(source, start)}`);
      }
      if (to !== target && isAncestorOrSelf(to, target)) notes.push(`to ${relative(target, to)}`);
      const text = mermaidLabel([label, notes.length ? `(${notes.join(', ')})` : ''].filter(Boolean).join(' '));
      addEdge(where, `${from} --> ${mid(to)}${text ? ` : ${text}` : ''}`);
    }
  }

  const body = (node: AnyStateNode): string[] => {
    const lines: string[] = [];
    const children = childrenOf(node);
    if (node.type === 'parallel') {
      children.forEach((region, i) => {
        if (i > 0) lines.push('--');
        lines.push(...composite(region));
      });
    } else if (children.length) {
      lines.push(`[*] --> ${mid(initialChild(node))}`);
      for (const child of children) {
        if (childrenOf(child).length) lines.push(...composite(child));
        else lines.push(`state "${mermaidLabel(child.key)}" as ${mid(child)}`);
      }
      for (const child of children) if (child.type === 'final') lines.push(`${mid(child)} --> [*]`);
    }
    if (needsAny.has(node.id)) lines.push(`state "any state" as ${anyOf(node)}`);
    lines.push(...(edges.get(node.id) ?? []));
    return lines;
  };
  const composite = (node: AnyStateNode): string[] => [
    `state "${mermaidLabel(node.key)}" as ${mid(node)} {`,
    ...body(node).map((line) => `  ${line}`),
    '}',
  ];
  const root = machine.root;
  // Mermaid splits regions (`--`) inside a composite state only, and draws nothing for an empty body.
  const top =
    root.type === 'parallel'
      ? [`[*] --> ${mid(root)}`, ...composite(root)]
      : childrenOf(root).length
        ? body(root)
        : [`[*] --> ${mid(root)}`, `state "${mermaidLabel(root.key)}" as ${mid(root)}`, ...(edges.get(root.id) ?? [])];
  return ['stateDiagram-v2', ...top.map((line) => `  ${line}`)];
}

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string) => `\`${text}\``;
const table = (header: string[], rows: string[][]) => [
  `| ${header.join(' | ')} |`,
  `| ${header.map(() => '---').join(' | ')} |`,
  ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
];

export interface PathCounts {
  inputs: number;
  shortest: number;
  replayed: number;
}

/** The counts, or the reason there are none (the machine's own path test says more). */
export function pathCounts(entry: MachineEntry): PathCounts | string {
  try {
    return {
      inputs: (entry.inputs ?? [entry.input]).length,
      shortest: shortestPaths(entry.machine, entry).length,
      replayed: generatePaths(entry.machine, entry).length,
    };
  } catch (error) {
    return `The paths could not be generated: ${error instanceof Error ? error.message : String(error)}`;
  }
}

const GENERATED = '<!-- Generated by `npm run machines:docs` from the machine definitions: do not edit by hand. -->';

/** One machine's page. */
export function machinePage(module: MachineModule, counts: PathCounts | string | undefined): string {
  const { machine, name, file } = module;
  const facts = machineGraphFacts(machine);
  const nodes = allStateNodes(machine.root);
  const local = (id: string) => (id === machine.root.id ? `(${id})` : id.slice(machine.root.id.length + 1));
  const views = viewsOf(file);
  const lines: string[] = [GENERATED, '', `# ${module.entry?.name ?? name}`, ''];
  if (module.summary) lines.push(module.summary, '');
  lines.push(
    `- Source: [${file}](../../${file}) (machine id ${code(machine.id)})`,
    `- Screen: ${SCREENS[module.entry?.name ?? name] ?? '—'}`,
    `- Views: ${views.length ? views.map((v) => `[${v}](../../${v})`).join(', ') : '— (used through other actors)'}`,
    '',
    '```mermaid',
    ...mermaidDiagram(machine),
    '```',
    '',
    '## Paths',
    '',
  );
  if (typeof counts === 'string') {
    lines.push(counts, '');
  } else if (counts && module.entry) {
    lines.push(
      ...table(
        ['state nodes', 'transitions', 'inputs', 'shortest paths', 'paths replayed by the path tests'],
        [
          [
            String(facts.states.length),
            String(facts.transitions.length),
            String(counts.inputs),
            String(counts.shortest),
            String(counts.replayed),
          ],
        ],
      ),
      '',
      `One shortest path per snapshot the graph tells apart; list them with \`npm run paths -- ${module.entry.name}\`` +
        ` (\`--to <state>\`, \`--all\`). \`npm run test:paths\` replays them and prints the coverage.`,
      '',
    );
  } else {
    lines.push('Not under path coverage: add an entry to tests/machines/registry.ts.', '');
  }

  const events = [...new Set(facts.transitions.filter((t) => t.kind === 'event').map((t) => t.event))].sort();
  lines.push('## Events', '');
  lines.push(
    ...(events.length
      ? table(
          ['event', 'handled in'],
          events.map((event) => [
            code(event),
            [...new Set(facts.transitions.filter((t) => t.event === event).map((t) => local(t.source)))].join(', '),
          ]),
        )
      : ['None: it only follows its children and timers.']),
    '',
  );

  lines.push('## Transitions', '');
  lines.push(
    ...table(
      ['from', 'on', 'guard', 'to'],
      facts.transitions.map((t) => [
        local(t.source),
        code(eventLabel(machine, facts, t)),
        t.guard ? `${t.guard}${t.guardParams ? ` (${t.guardParams})` : ''}` : '',
        t.targets.length ? t.targets.map(local).join(', ') : '(stays; actions only)',
      ]),
    ),
    '',
  );

  const tagged = nodes.filter((n) => n.tags.length);
  const tags = [...new Set(tagged.flatMap((n) => n.tags as string[]))].sort();
  lines.push('## Tags', '');
  lines.push(
    ...(tags.length
      ? table(
          ['tag', 'states'],
          tags.map((tag) => [
            code(tag),
            tagged
              .filter((n) => n.tags.includes(tag))
              .map((n) => local(n.id))
              .join(', '),
          ]),
        )
      : ['None.']),
    '',
  );

  lines.push('## Invoked actors', '');
  const after = (event: string) =>
    facts.transitions
      .filter((t) => t.event === event)
      .map((t) => (t.targets.length ? t.targets.map(local).join(', ') : '(stays)') + (t.guard ? ` if ${t.guard}` : ''))
      .join('; ') || '—';
  lines.push(
    ...(facts.invokes.length
      ? table(
          ['actor', 'id', 'while in', 'done →', 'error →'],
          facts.invokes.map((i) => [code(i.src), code(i.id), local(i.stateId), after(i.doneEvent), after(i.errorEvent)]),
        )
      : ['None.']),
    '',
  );

  lines.push('## Delays', '');
  lines.push(
    ...(facts.delays.length
      ? table(
          ['delay', 'in', '→'],
          facts.delays.map((d) => [delayWords(machine, d.delay), local(d.stateId), after(d.eventType)]),
        )
      : ['None.']),
    '',
  );

  const described = nodes.filter((n) => n.description);
  if (described.length) {
    lines.push(
      '## State descriptions',
      '',
      ...table(
        ['state', 'description'],
        described.map((n) => [local(n.id), n.description!]),
      ),
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** docs/machines/README.md: every machine with the screen it drives and its figures. */
export function indexPage(modules: readonly MachineModule[], counts: ReadonlyMap<string, PathCounts | string>): string {
  const rows = modules.map((m) => {
    const facts = machineGraphFacts(m.machine);
    const found = counts.get(m.name);
    const c = typeof found === 'string' ? undefined : found;
    return [
      `[${m.entry?.name ?? m.name}](${m.name}.md)`,
      SCREENS[m.entry?.name ?? m.name] ?? '—',
      String(facts.states.length),
      String(facts.transitions.length),
      c ? String(c.shortest) : '—',
      c ? String(c.replayed) : found ? 'error' : 'not under path coverage',
    ];
  });
  return `${[
    GENERATED,
    '',
    '# The machines',
    '',
    'Every XState machine in machines/, drawn from its own definition (GitHub renders the diagrams).',
    'Regenerate with `npm run machines:docs` after changing a machine: `npm run test:unit` fails while a page is stale.',
    'List a machine’s paths in words with `npm run paths -- <machine> [--to <state>] [--limit N] [--all]`;',
    '`npm run test:paths` replays them on the actors and prints their coverage; `npm run test:model` walks the checkout and the',
    'cassa’s order widget in Chromium from UI models tied to these machines.',
    '',
    ...table(['machine', 'screen', 'state nodes', 'transitions', 'shortest paths', 'paths replayed'], rows),
  ].join('\n')}\n`;
}

/** Every page by file name (in docs/machines/), README.md included. */
export async function machineDocs(): Promise<Map<string, string>> {
  const modules = await loadMachines();
  const counts = new Map(modules.filter((m) => m.entry).map((m) => [m.name, pathCounts(m.entry!)]));
  const pages = new Map<string, string>();
  for (const m of modules) pages.set(`${m.name}.md`, machinePage(m, counts.get(m.name)));
  pages.set('README.md', indexPage(modules, counts));
  return pages;
}
