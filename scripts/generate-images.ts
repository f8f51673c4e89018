/**
 * Draws the demo pizzeria's illustrations: one small SVG per product and blog post that has an
 * imageUrl in the seed, written to public/<imageUrl>. Deterministic: the same seed gives the same
 * files. Run with `npx tsx scripts/generate-images.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedData } from '../server/db/seed-data';
import type { SeedPost, SeedProduct } from '../server/db/seed-types';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PUBLIC_DIR = join(ROOT, 'public');
const MAX_BYTES = 4096;

// ---------------------------------------------------------------- helpers

type Rng = () => number;

/** FNV-1a hash of a string: the seed of every drawing. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny deterministic PRNG. */
function rngFor(text: string): Rng {
  let a = hash(text);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, min: number, max: number): number => min + rng() * (max - min);
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
/** Numbers with at most one decimal keep the files small. */
const n = (value: number): string => String(Math.round(value * 2) / 2);

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Shifts a #rrggbb colour by a small amount, so two products never look exactly alike. */
function jitter(rng: Rng, hex: string, amount = 14): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return (
    '#' +
    channels
      .map((c) => Math.max(0, Math.min(255, Math.round(c + between(rng, -amount, amount)))))
      .map((c) => c.toString(16).padStart(2, '0'))
      .join('')
  );
}

function svg(width: number, height: number, title: string, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${escapeXml(title)}</title>${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>\n`
  );
}

/** Soft rounded background tile in a warm colour chosen from the name. */
function tile(rng: Rng): string {
  const bg = pick(rng, ['#fdf1e1', '#fbeadb', '#fdf5e6', '#f9ecd9', '#fcefe3']);
  return `<rect width="132" height="132" rx="18" fill="${bg}"/>`;
}

const shadow = (cx: number, cy: number, rx: number, ry: number): string =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#6b3e1f" opacity=".16"/>`;

// ---------------------------------------------------------------- toppings

type Shape = 'slice' | 'leaf' | 'strip' | 'ring' | 'mushroom' | 'dot' | 'crumb' | 'blob' | 'yolk';
interface Topping {
  match: RegExp;
  color: string;
  shape: Shape;
  count: number;
}

const TOPPINGS: Topping[] = [
  { match: /salame|salsiccia/i, color: '#7e1c17', shape: 'slice', count: 7 },
  { match: /guanciale/i, color: '#d98a6c', shape: 'strip', count: 7 },
  { match: /prosciutto cotto/i, color: '#f2a7a0', shape: 'strip', count: 5 },
  { match: /crudo|mortadella/i, color: '#e0777a', shape: 'strip', count: 5 },
  { match: /funghi|porcini/i, color: '#9a7055', shape: 'mushroom', count: 6 },
  { match: /olive/i, color: '#2f2a26', shape: 'ring', count: 6 },
  { match: /carciof/i, color: '#8a9a46', shape: 'leaf', count: 5 },
  { match: /alici|acciughe/i, color: '#7d6f62', shape: 'strip', count: 5 },
  { match: /pomodorini/i, color: '#e03a2f', shape: 'slice', count: 6 },
  { match: /patate/i, color: '#e8b94a', shape: 'slice', count: 7 },
  { match: /fiori di zucca/i, color: '#f39a1f', shape: 'leaf', count: 5 },
  { match: /zucchine/i, color: '#5f8f3e', shape: 'slice', count: 5 },
  { match: /melanzane/i, color: '#5b3566', shape: 'slice', count: 4 },
  { match: /peperoni/i, color: '#f2b21b', shape: 'strip', count: 5 },
  { match: /friarielli|cicoria|rucola/i, color: '#3f7d2c', shape: 'leaf', count: 8 },
  { match: /burrata|bufala|stracciatella/i, color: '#fffdf6', shape: 'blob', count: 4 },
  { match: /uovo/i, color: '#f4c430', shape: 'yolk', count: 2 },
  { match: /pistacchio/i, color: '#8cbf5a', shape: 'crumb', count: 16 },
  { match: /tartufo/i, color: '#3b2a20', shape: 'crumb', count: 10 },
  { match: /gorgonzola/i, color: '#b7c2a4', shape: 'dot', count: 7 },
  { match: /pecorino|grana/i, color: '#f6e7b4', shape: 'crumb', count: 14 },
  { match: /ceci/i, color: '#d29a3c', shape: 'dot', count: 8 },
  { match: /basilico|mentuccia/i, color: '#2f8a3a', shape: 'leaf', count: 4 },
  { match: /rosmarino/i, color: '#3d6b35', shape: 'crumb', count: 12 },
  { match: /origano|pepe nero/i, color: '#5a4a2a', shape: 'crumb', count: 18 },
  { match: /aglio/i, color: '#fbf3dc', shape: 'dot', count: 6 },
];

/** One topping piece; its fill comes from the enclosing <g>, one per kind of topping. */
function drawTopping(rng: Rng, shape: Shape, x: number, y: number): string {
  const r = Math.round(between(rng, 0, 180));
  const X = n(x);
  const Y = n(y);
  switch (shape) {
    case 'slice':
      return `<circle cx="${X}" cy="${Y}" r="${n(between(rng, 4.5, 6))}"/>`;
    case 'leaf':
      return `<ellipse cx="${X}" cy="${Y}" rx="6" ry="2.8" transform="rotate(${r} ${X} ${Y})"/>`;
    case 'strip':
      return `<rect x="${n(x - 6)}" y="${n(y - 2.5)}" width="12" height="5" rx="2.5" transform="rotate(${r} ${X} ${Y})"/>`;
    case 'ring':
      return `<circle cx="${X}" cy="${Y}" r="3.2"/>`;
    case 'mushroom':
      return `<path d="M${n(x - 5)} ${Y}a5 4.5 0 0 1 10 0zM${n(x - 1.6)} ${Y}h3.2v4h-3.2z" transform="rotate(${r - 90} ${X} ${Y})"/>`;
    case 'dot':
      return `<circle cx="${X}" cy="${Y}" r="2.6"/>`;
    case 'crumb':
      return `<circle cx="${X}" cy="${Y}" r="${n(between(rng, 0.8, 1.5))}"/>`;
    case 'blob':
      return `<ellipse cx="${X}" cy="${Y}" rx="${n(between(rng, 7, 9))}" ry="${n(between(rng, 6, 8))}"/>`;
    case 'yolk':
      return `<circle cx="${X}" cy="${Y}" r="7" fill="#fffaf0"/><circle cx="${X}" cy="${Y}" r="3.6"/>`;
  }
}

/** The <g> attributes of one kind of topping. */
function toppingGroup(shape: Shape, colour: string): string {
  if (shape === 'ring') return `<g fill="none" stroke="${colour}" stroke-width="2.4">`;
  if (shape === 'slice') return `<g fill="${colour}" stroke="#000" stroke-opacity=".15">`;
  if (shape === 'blob') return `<g fill="${colour}" stroke="#e9dcc0">`;
  return `<g fill="${colour}">`;
}

/** Points spread inside an ellipse, kept apart from each other when possible. */
function scatter(rng: Rng, count: number, cx: number, cy: number, rx: number, ry: number, taken: [number, number][], gap: number) {
  const points: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    let best: [number, number] = [cx, cy];
    for (let attempt = 0; attempt < 14; attempt++) {
      const angle = rng() * Math.PI * 2;
      const dist = Math.sqrt(rng());
      const p: [number, number] = [cx + Math.cos(angle) * dist * rx, cy + Math.sin(angle) * dist * ry];
      best = p;
      if (taken.every(([tx, ty]) => Math.hypot(tx - p[0], ty - p[1]) >= gap)) break;
    }
    taken.push(best);
    points.push(best);
  }
  return points;
}

/** Cheese and toppings for a base centred on (cx, cy) with radii (rx, ry). */
function dressing(rng: Rng, text: string, cx: number, cy: number, rx: number, ry: number, onRed: boolean): string {
  let out = '';
  const taken: [number, number][] = [];
  const cheesy = /fior di latte|mozzarella|formaggi/i.test(text);
  if (cheesy) {
    out += onRed ? '<g fill="#fff6dc" opacity=".95">' : '<g fill="#fffdf3" stroke="#e2c98f">';
    for (const [x, y] of scatter(rng, 7, cx, cy, rx * 0.78, ry * 0.78, [], 14)) {
      out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(between(rng, 7, 10))}" ry="${n(between(rng, 5.5, 8))}"/>`;
    }
    out += '</g>';
  }
  const matched = TOPPINGS.filter((t) => t.match.test(text));
  const toppings = matched.length
    ? matched.slice(0, 5)
    : [{ match: /./, color: pick(rng, ['#a8322a', '#3f7d2c', '#9a7055']), shape: 'dot' as Shape, count: 8 }];
  for (const t of toppings) {
    const gap = t.shape === 'crumb' ? 3 : 9;
    out += toppingGroup(t.shape, jitter(rng, t.color, 10));
    for (const [x, y] of scatter(rng, t.count, cx, cy, rx * 0.85, ry * 0.85, taken, gap)) out += drawTopping(rng, t.shape, x, y);
    out += '</g>';
  }
  return out;
}

/** Rosse have tomato sauce; bianche (category 2 and anything without pomodoro) a cream base. */
const isRed = (product: SeedProduct): boolean => product.categoryId !== 2 && /\bpomodoro\b/i.test(product.description);

function sauceColour(rng: Rng, product: SeedProduct): string {
  const text = product.description;
  if (isRed(product)) return jitter(rng, '#c8372d', 12);
  if (/crema d.uovo/i.test(text)) return jitter(rng, '#f2d27e', 8);
  if (/ceci/i.test(text)) return jitter(rng, '#f1e0b2', 6);
  return jitter(rng, '#f6e7c4', 6);
}

/** Crust gradient shared by everything that comes out of the oven. */
const CRUST_GRADIENT =
  '<radialGradient id="c" cx=".45" cy=".4" r=".65"><stop offset=".7" stop-color="#f0c27a"/><stop offset="1" stop-color="#c47e3a"/></radialGradient>';

function charSpots(rng: Rng, cx: number, cy: number, rx: number, ry: number, count: number): string {
  let out = '<g fill="#5a2e12" opacity=".55">';
  for (let i = 0; i < count; i++) {
    const a = rng() * Math.PI * 2;
    out += `<circle cx="${n(cx + Math.cos(a) * rx)}" cy="${n(cy + Math.sin(a) * ry)}" r="${n(between(rng, 0.8, 2))}"/>`;
  }
  return out + '</g>';
}

// ---------------------------------------------------------------- products

function drawPizza(rng: Rng, product: SeedProduct, cx = 66, cy = 66, r = 56): string {
  let out = shadow(cx + 2, cy + 5, r, r * 0.96);
  out += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#c)"/>`;
  out += charSpots(rng, cx, cy, r - 5, r - 5, 10);
  const sauce = sauceColour(rng, product);
  out += `<circle cx="${cx}" cy="${cy}" r="${r - 9}" fill="${sauce}"/>`;
  out += dressing(rng, product.description, cx, cy, r - 13, r - 13, isRed(product));
  return out;
}

function drawPinsa(rng: Rng, product: SeedProduct): string {
  let out = shadow(68, 72, 60, 38);
  out += `<path d="M10 66C10 36 40 28 66 30S122 38 122 66 96 104 66 102 10 96 10 66z" fill="url(#c)"/>`;
  out += charSpots(rng, 66, 66, 50, 31, 9);
  out += `<ellipse cx="66" cy="66" rx="47" ry="28" fill="${sauceColour(rng, product)}"/>`;
  out += dressing(rng, product.description, 66, 66, 42, 24, isRed(product));
  return out;
}

function drawCalzone(rng: Rng, product: SeedProduct): string {
  let out = shadow(68, 96, 54, 10);
  out += `<path d="M12 92A54 54 0 0 1 120 92Z" fill="url(#c)" stroke="#b36b2c" stroke-width="2"/>`;
  out += `<path d="M14 92H118" stroke="#a55f25" stroke-width="5" stroke-linecap="round" stroke-dasharray="2 6"/>`;
  out += charSpots(rng, 66, 92, 34, 30, 9);
  const filling = /pomodoro/i.test(product.description) ? '#c8372d' : '#f7f0de';
  out += `<path d="M50 60q8-6 16 0" stroke="${filling}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  if (/salame/i.test(product.description)) out += `<circle cx="84" cy="72" r="4" fill="#a8322a"/>`;
  return out;
}

function drawFocaccia(rng: Rng, product: SeedProduct): string {
  let out = shadow(68, 104, 56, 10);
  out += `<rect x="12" y="32" width="108" height="72" rx="16" fill="url(#c)"/>`;
  const taken: [number, number][] = [];
  out += '<g fill="#b8742f" opacity=".6">';
  for (const [x, y] of scatter(rng, 12, 66, 68, 44, 26, taken, 12)) out += `<circle cx="${n(x)}" cy="${n(y)}" r="2.8"/>`;
  out += '</g>';
  if (/pomodorini/i.test(product.description)) {
    for (const [x, y] of scatter(rng, 7, 66, 68, 42, 24, taken, 12))
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="5" fill="${jitter(rng, '#e03a2f')}"/><circle cx="${n(x)}" cy="${n(y)}" r="2" fill="#f6a19a"/>`;
  }
  if (/rosmarino/i.test(product.description)) {
    out += '<g fill="#3d6b35">';
    for (const [x, y] of scatter(rng, 8, 66, 68, 44, 26, taken, 8)) out += drawTopping(rng, 'leaf', x, y);
    out += '</g>';
  }
  out += '<g fill="#fff">';
  for (const [x, y] of scatter(rng, 14, 66, 68, 46, 28, [], 2)) out += `<circle cx="${n(x)}" cy="${n(y)}" r="1.1"/>`;
  out += '</g>';
  return out;
}

function drawSandwich(rng: Rng, product: SeedProduct): string {
  let out = shadow(68, 104, 56, 9);
  out += `<rect x="14" y="78" width="104" height="22" rx="10" fill="#dca25a"/>`;
  const layers = /mortad/i.test(product.description) ? ['#ef9aa0', '#e8868d', '#f4b0b4'] : ['#e57f7f', '#fffaf0', '#4c8a34'];
  layers.forEach((color, i) => {
    const y = 76 - i * 6;
    out += `<path d="M12 ${y}q13 ${n(between(rng, 4, 8))} 26 0t26 0 26 0 26 0v6H12z" fill="${color}"/>`;
  });
  out += `<path d="M14 62c0-24 22-32 52-32s52 8 52 32z" fill="url(#c)"/>`;
  out += charSpots(rng, 66, 50, 30, 12, 6);
  return out;
}

function drawFritto(rng: Rng, product: SeedProduct): string {
  const name = product.name.toLowerCase();
  let out = `<path d="M18 40h96l-8 70H26z" fill="#fffaf2" stroke="#e7d6bd"/><path d="M30 52h72M32 64h68" stroke="#c8372d" stroke-width="2" opacity=".5"/>`;
  const gold = () => jitter(rng, '#d99a45', 16);
  if (name.includes('bruschetta')) {
    out += `<rect x="26" y="54" width="80" height="34" rx="14" fill="#d9a45b" stroke="#a86c2e" stroke-width="3"/>`;
    for (const [x, y] of scatter(rng, 10, 66, 71, 32, 11, [], 7))
      out += `<rect x="${n(x - 3)}" y="${n(y - 3)}" width="6" height="6" rx="1.5" fill="${jitter(rng, '#d8342a')}"/>`;
    out += `<g fill="#2f8a3a">${drawTopping(rng, 'leaf', 56, 66)}${drawTopping(rng, 'leaf', 78, 74)}</g>`;
    return out;
  }
  const items: [number, number, number, number, number][] = name.includes('olive')
    ? [
        [42, 60, 9, 9, 0],
        [62, 58, 9, 9, 0],
        [82, 61, 9, 9, 0],
        [52, 78, 9, 9, 0],
        [72, 78, 9, 9, 0],
        [90, 80, 8, 8, 0],
      ]
    : name.includes('fiori')
      ? [
          [48, 70, 24, 9, -30],
          [70, 72, 24, 9, -10],
          [88, 70, 22, 8, 20],
        ]
      : name.includes('crocchett')
        ? [
            [50, 60, 20, 8, 10],
            [80, 62, 20, 8, -12],
            [52, 82, 20, 8, -6],
            [82, 84, 20, 8, 14],
          ]
        : [
            [48, 66, 20, 12, -20],
            [84, 66, 20, 12, 18],
            [66, 84, 20, 12, 0],
          ];
  for (const [x, y, rx, ry, rot] of items) {
    out += `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${gold()}" stroke="#a4632a" stroke-width="1.5" transform="rotate(${rot} ${x} ${y})"/>`;
    for (let i = 0; i < 3; i++)
      out += `<circle cx="${n(x + between(rng, -rx / 2, rx / 2))}" cy="${n(y + between(rng, -ry / 2, ry / 2))}" r="1" fill="#8a4e1c"/>`;
  }
  if (name.includes('suppl')) out += `<path d="M66 84q8-16 20-14" stroke="#fffaf0" stroke-width="2" fill="none"/>`;
  return out;
}

function drawBottle(rng: Rng, body: string, label: string, cap: string, x = 66): string {
  return (
    `<path d="M${x - 6} 14h12v22c0 6 12 10 12 22v54a6 6 0 0 1-6 6H${x - 12}a6 6 0 0 1-6-6V58c0-12 12-16 12-22z" fill="${body}"/>` +
    `<rect x="${x - 7}" y="10" width="14" height="7" rx="2" fill="${cap}"/>` +
    `<rect x="${x - 18}" y="70" width="36" height="26" rx="3" fill="${label}"/>` +
    `<path d="M${x - 11} 60v44" stroke="#fff" stroke-width="3" opacity=".3" stroke-linecap="round"/>` +
    `<circle cx="${x}" cy="83" r="${n(between(rng, 5, 7))}" fill="${cap}" opacity=".85"/>`
  );
}

function drawDrink(rng: Rng, product: SeedProduct): string {
  const name = product.name.toLowerCase();
  let out = shadow(66, 120, 38, 5);
  if (name.includes('lattina')) {
    const colour = name.includes('coca') ? '#d2232a' : jitter(rng, pick(rng, ['#f29e1f', '#2e9b5f', '#f2c81f']), 10);
    out += `<rect x="40" y="22" width="52" height="96" rx="8" fill="${colour}"/><rect x="42" y="16" width="48" height="10" rx="4" fill="#c9cdd2"/>`;
    out += `<path d="M40 70c14-14 38 10 52-6v14c-14 14-38-10-52 6z" fill="#fff"/><path d="M48 30v80" stroke="#fff" stroke-width="4" opacity=".25" stroke-linecap="round"/>`;
    return out;
  }
  if (name.includes('acqua')) return out + drawBottle(rng, '#cfe8f5', '#2f7fc1', '#2f7fc1');
  if (name.includes('vino')) {
    out += drawBottle(rng, '#2d4a2b', '#f3e6c8', '#7a1f2b', 52);
    out += `<path d="M84 62h24c0 16-5 24-12 24s-12-8-12-24z" fill="#fff" fill-opacity=".6" stroke="#c9b8a0"/><path d="M85 68h22c-1 10-5 16-11 16s-10-6-11-16z" fill="#8e1d2c"/><path d="M96 86v28M88 116h16" stroke="#c9b8a0" stroke-width="2.5"/>`;
    return out;
  }
  if (name.includes('artigianale')) {
    out += drawBottle(rng, '#6b3b17', '#f5e1b0', '#c79a2a', 50);
    out += `<path d="M82 56h28l-3 60H85z" fill="#f2a93b"/><path d="M82 56h28v-4c0-6-28-6-28 0z" fill="#fffaf0"/><circle cx="96" cy="52" r="6" fill="#fffaf0"/>`;
    return out;
  }
  return out + drawBottle(rng, '#7a4a14', '#1f4aa8', '#d12f2f');
}

function drawDessert(rng: Rng, product: SeedProduct): string {
  const name = product.name.toLowerCase();
  let out = `<ellipse cx="66" cy="98" rx="56" ry="18" fill="#fff" stroke="#e8dccb" stroke-width="2"/>`;
  if (name.includes('tiramis')) {
    const layers = ['#c89150', '#f7ecd6', '#a86d32', '#f7ecd6'];
    layers.forEach((colour, i) => (out += `<rect x="32" y="${82 - i * 12}" width="68" height="12" fill="${colour}"/>`));
    out += `<rect x="32" y="34" width="68" height="12" rx="2" fill="#5d3a22"/>`;
    for (let i = 0; i < 12; i++) out += `<circle cx="${n(between(rng, 34, 98))}" cy="${n(between(rng, 36, 44))}" r="1" fill="#3a2214"/>`;
    return out;
  }
  if (name.includes('panna')) {
    out += `<path d="M38 96l8-52h40l8 52z" fill="#fbf3df"/><path d="M46 44h40c0 6-3 10-6 14-4-4-6 2-10 0s-4 8-9 2-5-2-9 0c-3-4-6-8-6-16z" fill="#9b1b35"/>`;
    for (const [x, y] of [
      [54, 42],
      [66, 38],
      [78, 42],
    ] as const)
      out += `<circle cx="${x}" cy="${y}" r="${n(between(rng, 3.5, 4.5))}" fill="${jitter(rng, '#5b2a6e')}"/>`;
    out += `<path d="M44 60l-4 30" stroke="#fff" stroke-width="3" opacity=".8"/>`;
    return out;
  }
  out += `<g transform="rotate(-24 66 78)"><rect x="26" y="64" width="80" height="28" rx="14" fill="#c98a44"/>`;
  for (let x = 36; x < 100; x += 10) out += `<path d="M${x} 66v24" stroke="#a86b2e" stroke-width="2"/>`;
  out += `<ellipse cx="26" cy="78" rx="7" ry="13" fill="#fff8ea"/><ellipse cx="106" cy="78" rx="7" ry="13" fill="#fff8ea"/>`;
  for (const y of [70, 78, 86])
    out += `<circle cx="${n(between(rng, 20, 24))}" cy="${y}" r="1.6" fill="#7cb342"/><circle cx="${n(between(rng, 108, 112))}" cy="${y}" r="1.6" fill="#7cb342"/>`;
  out += `</g>`;
  return out;
}

/** '+' badge for the build-your-own pizza. */
const PLUS_BADGE =
  '<circle cx="112" cy="20" r="14" fill="#2f8a3a" stroke="#fff" stroke-width="3"/><path d="M112 13v14M105 20h14" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/>';

function productSvg(product: SeedProduct): string {
  const rng = rngFor(product.name);
  let body = tile(rng);
  let defs = CRUST_GRADIENT;
  switch (product.categoryId) {
    case 13:
      body += drawPinsa(rng, product);
      break;
    case 5:
      body += drawCalzone(rng, product);
      break;
    case 11:
      body += drawFocaccia(rng, product);
      break;
    case 12:
      body += drawSandwich(rng, product);
      break;
    case 6:
      body += drawFritto(rng, product);
      defs = '';
      break;
    case 7:
      body += drawDrink(rng, product);
      defs = '';
      break;
    case 8:
      body += drawDessert(rng, product);
      defs = '';
      break;
    case 10:
      body += drawPizza(rng, product) + PLUS_BADGE;
      break;
    default:
      body += drawPizza(rng, product);
  }
  return svg(132, 132, product.name, defs, body);
}

// ---------------------------------------------------------------- blog

const BANNER_PALETTES: [string, string][] = [
  ['#b23a1e', '#e8893a'],
  ['#8c2a1c', '#d9602e'],
  ['#a5471b', '#f0a43a'],
  ['#7a2e2a', '#c9653b'],
  ['#9a3b12', '#e5a04a'],
];

/** Greedy word wrap by an estimated character budget. */
function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function postSvg(post: SeedPost): string {
  const rng = rngFor(post.slug);
  const [dark, light] = pick(rng, BANNER_PALETTES);
  const defs =
    `<linearGradient id="b" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient>` +
    CRUST_GRADIENT;
  let body = `<rect width="800" height="450" fill="url(#b)"/>`;
  body += '<g fill="#fff">';
  for (let i = 0; i < 7; i++) {
    body += `<circle cx="${Math.round(between(rng, 0, 800))}" cy="${Math.round(between(rng, 0, 450))}" r="${Math.round(between(rng, 20, 90))}" fill-opacity="${between(rng, 0.04, 0.1).toFixed(2)}"/>`;
  }
  body += '</g>';
  // A pizza peeking in from the right: the product drawing, scaled up.
  const fakePizza: SeedProduct = {
    categoryId: 1,
    name: post.slug,
    description: pick(rng, [
      'Pomodoro, fior di latte, basilico',
      'Pomodoro, fior di latte, salame piccante, basilico',
      'Fior di latte, funghi porcini, tartufo, rucola',
      'Pomodoro, fior di latte, olive, carciofi, prosciutto cotto',
    ]),
    imageUrl: null,
    priceCents: 0,
    visible: true,
    isUpsell: false,
    allowVariants: 2,
    note: null,
    variants: [],
    allergens: [],
    may_contain: [],
    diet: [],
    frozen: false,
    baseDough: null,
  };
  body += `<g transform="translate(580 110) scale(2.6)">${drawPizza(rng, fakePizza)}</g>`;
  const lines = wrap(post.title, 19);
  const size = lines.length > 3 ? 38 : 44;
  const top = 225 - ((lines.length - 1) * size * 1.15) / 2;
  body += `<text x="56" y="${n(top)}" font-family="Georgia,'Times New Roman',serif" font-size="${size}" font-weight="700" fill="#fff8ec" stroke="#4a1a0a" stroke-opacity=".25" stroke-width="1">`;
  lines.forEach((line, i) => (body += `<tspan x="56" dy="${i === 0 ? 0 : n(size * 1.15)}">${escapeXml(line)}</tspan>`));
  body += `</text>`;
  body += `<rect x="56" y="${n(top - size - 26)}" width="64" height="4" rx="2" fill="#ffd27a"/>`;
  body += `<text x="56" y="410" font-family="Georgia,serif" font-size="20" font-style="italic" fill="#ffe9c7">Pizzeria Da Romolo · Roma</text>`;
  return svg(800, 450, post.title, defs, body);
}

// ---------------------------------------------------------------- main

function write(imageUrl: string, content: string): void {
  const bytes = Buffer.byteLength(content);
  if (bytes > MAX_BYTES) console.warn(`warning: ${imageUrl} is ${bytes} bytes`);
  const path = join(PUBLIC_DIR, imageUrl);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

let products = 0;
let posts = 0;
for (const product of seedData.products) {
  if (!product.imageUrl) continue;
  write(product.imageUrl, productSvg(product));
  products++;
}
for (const post of seedData.posts) {
  if (!post.imageUrl) continue;
  write(post.imageUrl, postSvg(post));
  posts++;
}
console.log(`Wrote ${products} product and ${posts} blog images to ${PUBLIC_DIR}/images`);
