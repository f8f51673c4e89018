import { isPossibleId, pageMeta, routeOf, shopNameOf, type PageMeta, type PostFacts } from '../../src/domain';
import type { BlogService } from '../blog/blog.service';
import type { CatalogService } from '../ecommerce/catalog';
import { AppError } from '../errors';
import { escapeForScript } from '../http/script-json';
import { escapeHtml } from '../mail/templates';
import { absolute, blogPosting, restaurant, SHOP_IMAGE, type JsonLd } from './structuredData';

/** What a page's <head> says of it, and the status it answers with (404: a post that is not published). */
export interface DocumentHead {
  status: 200 | 404;
  tags: string;
}
export type DocumentHeadOf = (pathname: string, search: URLSearchParams) => Promise<DocumentHead>;

/** Text for the head on one line: a line or paragraph separator in a title means nothing there. */
const text = (value: string) => escapeHtml(value.replace(/\s+/g, ' ').trim());

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${text(content)}">`;

/** Title, description, canonical link, Open Graph and Twitter card, or "noindex" for a visitor's own page. */
export function headTags(page: PageMeta, siteName: string, appUrl: string): string {
  const url = absolute(appUrl, page.path);
  const image = absolute(appUrl, page.image ?? SHOP_IMAGE);
  return [
    `<title>${text(page.title)}</title>`,
    meta('name', 'description', page.description),
    page.indexable ? `<link rel="canonical" href="${escapeHtml(url)}">` : meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:locale', 'it_IT'),
    meta('property', 'og:type', page.type),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
  ].join('');
}

/** Structured data in a script element that no text in it can end. */
export const jsonLdTag = (data: JsonLd) => `<script type="application/ld+json">${escapeForScript(JSON.stringify(data))}</script>`;

/** A published post, or undefined for one that does not exist or is a draft. */
async function publishedPost(blog: BlogService, id: number): Promise<PostFacts | undefined> {
  try {
    return await blog.post(id);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') return undefined;
    throw error;
  }
}

/** Each page's head from the live catalogue and posts: what the page shows is what search engines read. */
export function documentHeads(deps: { catalog: CatalogService; blog: BlogService; appUrl: string }): DocumentHeadOf {
  const { catalog, blog, appUrl } = deps;
  return async (pathname, search) => {
    const route = routeOf(pathname);
    const snapshot = await catalog.snapshot();
    const shop = { name: snapshot.settings.shop_name ?? '', address: snapshot.settings.shop_address ?? '' };
    const post = route.page === 'post' && isPossibleId(route.id) ? await publishedPost(blog, route.id) : undefined;
    const page = pageMeta(route, shop, { post, search });
    const data = route.page === 'home' || route.page === 'menu' ? [restaurant(snapshot, appUrl)] : [];
    if (post) data.push(blogPosting(post, shop.name, appUrl));
    return {
      status: route.page === 'post' && !post ? 404 : 200,
      tags: headTags(page, shopNameOf(shop.name), appUrl) + data.map(jsonLdTag).join(''),
    };
  };
}
