import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { pageMeta, type PageRoute, type PostFacts } from '../domain';
import { useShop } from '../actors/AppActors';

/**
 * A public page's title, description and canonical link, as the server wrote them into the first
 * page (src/domain/pageMeta.ts), kept right on client navigations. `null`: not known yet (a post loading).
 */
export function usePageHead(route: PageRoute | null, post?: PostFacts | null): void {
  const shop = useShop();
  const { search } = useLocation();
  const page =
    route && shop.name !== null
      ? pageMeta(route, { name: shop.name, address: shop.address ?? '' }, { post: post ?? undefined, search: new URLSearchParams(search) })
      : null;
  const { title, description, path } = page ?? {};
  useEffect(() => {
    if (title === undefined || description === undefined || path === undefined) return;
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) canonical.href = new URL(path, canonical.href).href;
  }, [title, description, path]);
}
