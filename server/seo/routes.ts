import type { FastifyPluginAsync } from 'fastify';
import { postPath, PUBLIC_PAGES } from '../../src/domain';
import { escapeHtml } from '../mail/templates';
import type { Services } from '../services';
import { absolute } from './structuredData';

/**
 * The staff desk, the account pages and the API. The cart, checkout and tracking pages stay crawlable:
 * every page links the cart, and only a crawler that may read a page sees its noindex (a blocked URL
 * can still be listed, bare, from the links to it).
 */
const CLOSED_TO_CRAWLERS = ['/cassa', '/admin', '/auth/', '/api/'];

/** A sitemap entry; `lastmod` an ISO instant, which is a W3C datetime. */
const entry = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;

/** robots.txt and the sitemap it names: both need the site's public address, so they are written, not files. */
export const seoRoutes: FastifyPluginAsync<{ services: Services; appUrl: string }> = async (app, { services, appUrl }) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      '# The public site is open to crawlers; the staff desk, the account pages and the API are not.',
      'User-agent: *',
      'Allow: /',
    ];
    for (const path of CLOSED_TO_CRAWLERS) lines.push(`Disallow: ${path}`);
    lines.push('', `Sitemap: ${absolute(appUrl, '/sitemap.xml')}`, '');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const posts = await services.blog.published();
    const newest = posts[0]?.published_at;
    const pages = Object.values(PUBLIC_PAGES).map((path) => entry(absolute(appUrl, path), path === PUBLIC_PAGES.blog ? newest : undefined));
    const listed = posts.map((post) => entry(absolute(appUrl, postPath(post)), post.published_at));
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[...pages, ...listed].join('')}</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(xml);
  });
};
