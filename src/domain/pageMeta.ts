/**
 * Each page's title, description and address for search engines and link previews (issue 31): one
 * module, so the server's <head> and the browser's title after a client navigation always agree.
 */

/** The pages a search engine may list, by the path they live at. */
export const PUBLIC_PAGES = {
  home: '/',
  menu: '/ecommerce',
  categories: '/ecommerce/categories',
  products: '/ecommerce/products',
  allergens: '/ecommerce/allergeni',
  blog: '/blog',
  terms: '/ecommerce/termini-e-condizioni',
  privacy: '/ecommerce/privacy-policy',
  faq: '/ecommerce/domande-frequenti',
} as const;
export type PublicPage = keyof typeof PUBLIC_PAGES;

/** What a path shows: a public page, a blog post, or a page for one visitor only (cart, account, cassa…). */
export type PageRoute = { page: PublicPage } | { page: 'post'; id: number } | { page: 'private' };

/** A post as the head needs it (the API's field names). */
export interface PostFacts {
  id: number;
  slug: string;
  title: string;
  description: string;
  image_url: string | null;
  published_at: string;
}

/** The shop as the settings name it. */
export interface ShopFacts {
  name: string;
  address: string;
}

export interface PageMeta {
  title: string;
  description: string;
  /** the canonical path (and query), relative to the site's public address */
  path: string;
  type: 'website' | 'article';
  /** a path or address of the page's own picture; null: the shop's */
  image: string | null;
  /** false: a page only its visitor needs, which search engines must not list */
  indexable: boolean;
}

/** The shop's name as pages show it; a shop that has not named itself yet is just a pizzeria. */
export const shopNameOf = (name: string | undefined) => name?.trim() || 'Pizzeria';

/** An Italian address's parts: "Via di Donna Olimpia 48, 00152 Roma" → street, postal code (CAP), town. */
export function addressParts(address: string): { street: string; postalCode: string | null; town: string | null } {
  const parts = address.split(',').map((part) => part.trim());
  const last = /^(\d{5})\s+(.+)$/.exec(parts.at(-1) ?? '');
  if (parts.length < 2 || !last) return { street: address.trim(), postalCode: null, town: null };
  return { street: parts.slice(0, -1).join(', '), postalCode: last[1]!, town: last[2]!.replace(/\s*\([A-Z]{2}\)$/, '') };
}

const POST_PATH = /^\/blog\/([^/]+)\/[^/]+\/?$/;

/** The route a path shows; anything not public (or unknown) is private. */
export function routeOf(pathname: string): PageRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const page = (Object.keys(PUBLIC_PAGES) as PublicPage[]).find((key) => PUBLIC_PAGES[key] === path);
  if (page) return { page };
  const post = POST_PATH.exec(pathname)?.[1];
  // A post's address whose id no post can have ('abc', 0) is still a post's page: one not found.
  return post ? { page: 'post', id: /^[1-9]\d{0,15}$/.test(post) ? Number(post) : 0 } : { page: 'private' };
}

export const postPath = (post: Pick<PostFacts, 'id' | 'slug'>) => `/blog/${post.id}/${encodeURIComponent(post.slug)}`;

/** `?page=N` as the blog writes it: absent for page 1, a plain whole number otherwise. */
export function blogPageHref(page: number): string {
  return page > 1 ? `/blog?page=${page}` : '/blog';
}

/** The page a `page` query parameter names (1 for nonsense), and whether the URL already says it that way. */
export function parsePageParam(param: string | null): { page: number; isCanonical: boolean } {
  const parsed = Number.parseInt(param ?? '1', 10);
  const page = Number.isSafeInteger(parsed) && parsed >= 1 ? parsed : 1;
  return { page, isCanonical: param === (page > 1 ? String(page) : null) };
}

/** The title, description and canonical path of a route; a post route needs its post. */
export function pageMeta(route: PageRoute, shop: ShopFacts, options: { post?: PostFacts; search?: URLSearchParams } = {}): PageMeta {
  const name = shopNameOf(shop.name);
  const town = addressParts(shop.address).town;
  const delivered = town ? `pizza a domicilio a ${town}` : 'pizza a domicilio';
  const titled = (title: string) => `${title} — ${name}`;
  const page = (path: string, title: string, description: string): PageMeta => ({
    title,
    description,
    path,
    type: 'website',
    image: null,
    indexable: true,
  });
  switch (route.page) {
    case 'home':
      return page(
        '/',
        `${name} — ${delivered}, ordina online`,
        `${name}: pizze, pinse romane e fritti ${town ? `a domicilio a ${town}` : 'a domicilio'} o da ritirare in pizzeria. Scegli l'orario e ordina online.`,
      );
    case 'menu':
      return page(
        PUBLIC_PAGES.menu,
        `Menu — ${name}, ${delivered}`,
        `Il menu di ${name} con i prezzi: pizze, pinse, fritti e bevande. Ordina online la consegna a domicilio o il ritiro in pizzeria.`,
      );
    case 'categories':
      return page(PUBLIC_PAGES.categories, titled('Categorie'), `Le categorie del menu di ${name}: scegli e ordina online.`);
    case 'products':
      return page(PUBLIC_PAGES.products, titled('Prodotti'), `Tutti i prodotti di ${name} con i prezzi: scegli e ordina online.`);
    case 'allergens':
      return page(
        PUBLIC_PAGES.allergens,
        titled('Tabella degli allergeni'),
        `Gli allergeni di ogni prodotto di ${name} (Regolamento UE 1169/2011) e i piatti vegetariani e vegani.`,
      );
    case 'blog':
      return page(
        blogPageHref(parsePageParam(options.search?.get('page') ?? null).page),
        titled('Ultime notizie'),
        `Novità, ricette e storie da ${name}.`,
      );
    case 'terms':
      return page(
        PUBLIC_PAGES.terms,
        titled('Termini e condizioni'),
        `Le condizioni degli ordini online di ${name}: consegna, ritiro e pagamento.`,
      );
    case 'privacy':
      return page(PUBLIC_PAGES.privacy, titled('Privacy policy'), `Come ${name} tratta i dati personali di chi ordina online.`);
    case 'faq':
      return page(
        PUBLIC_PAGES.faq,
        titled('Domande frequenti'),
        `Le risposte alle domande più comuni su ordini, consegna e pagamenti di ${name}.`,
      );
    case 'post': {
      const { post } = options;
      if (!post) return { ...pageMeta({ page: 'private' }, shop), title: titled('Articolo non trovato') };
      return {
        title: titled(post.title),
        description: post.description,
        path: postPath(post),
        type: 'article',
        image: post.image_url,
        indexable: true,
      };
    }
    case 'private':
      return { ...page('/', name, `${name}: ${delivered}, ordina online.`), indexable: false };
  }
}
