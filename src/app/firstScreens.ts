/**
 * What the server does for the first screen a URL shows: which lazy chunk it preloads (by the source
 * the build manifest names) and whether it renders the page to HTML. Shared by the server
 * (server/frontend.ts) and the browser (src/main.tsx loads that chunk before hydrating).
 */
export const CHUNK_SOURCES = {
  blog: 'src/blog/BlogPages.tsx',
  menu: 'src/menu/MenuPages.tsx',
  allergens: 'src/menu/AllergenPage.tsx',
  legal: 'src/legal/LegalPages.tsx',
  cart: 'src/cart/CartPage.tsx',
  auth: 'src/auth/AuthPages.tsx',
} as const;

/** The first script of a server-rendered page, a build entry of its own (the server names its built file from the manifest). */
export const BOOT_SOURCE = 'src/boot.ts';

export type FirstScreenChunk = keyof typeof CHUNK_SOURCES;

export interface FirstScreen {
  chunk?: FirstScreenChunk;
  /** public and the same for every visitor: rendered by the server (never the cart, checkout, account, cassa, admin) */
  serverRendered: boolean;
}

/** Never the cassa's chunk: the page is the same for whoever asks, and only staff may download it. */
const FIRST_SCREENS: [RegExp, FirstScreen][] = [
  [/^\/$/, { serverRendered: true }],
  [/^\/ecommerce\/?$/, { chunk: 'menu', serverRendered: true }],
  [/^\/ecommerce\/(categories|products)\/?$/, { chunk: 'menu', serverRendered: false }],
  [/^\/ecommerce\/allergeni\/?$/, { chunk: 'allergens', serverRendered: true }],
  [/^\/ecommerce\/(termini-e-condizioni|privacy-policy|domande-frequenti)\/?$/, { chunk: 'legal', serverRendered: true }],
  [/^\/ecommerce\/cart\/?$/, { chunk: 'cart', serverRendered: false }],
  [/^\/blog\/?$/, { chunk: 'blog', serverRendered: true }],
  [/^\/blog\/[^/]+\/[^/]+\/?$/, { chunk: 'blog', serverRendered: true }],
  [/^\/blog\//, { chunk: 'blog', serverRendered: false }],
  [/^\/auth\/verify-message\/?$/, { chunk: 'auth', serverRendered: false }],
];

const CLIENT_ONLY: FirstScreen = { serverRendered: false };

export function firstScreen(pathname: string): FirstScreen {
  return FIRST_SCREENS.find(([route]) => route.test(pathname))?.[1] ?? CLIENT_ONLY;
}
