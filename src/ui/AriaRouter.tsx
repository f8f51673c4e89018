import type { ComponentType } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useHref, useNavigate } from 'react-router-dom';

/**
 * A lazy area's pages, each inside react-aria's router, so their react-aria links (and rows, items
 * with an href) navigate through react-router. Given by each area's chunk rather than the site's
 * layout: the home has no such link, and the provider brings ~1 KB gzip of react-aria to its first load.
 */
export function withAriaRouter<TPages extends Record<string, ComponentType>>(pages: TPages): TPages {
  const routed = Object.entries(pages).map(([name, Page]) => {
    function AriaRouted() {
      const navigate = useNavigate();
      return (
        <RouterProvider navigate={navigate} useHref={useHref}>
          <Page />
        </RouterProvider>
      );
    }
    AriaRouted.displayName = name;
    return [name, AriaRouted];
  });
  return Object.fromEntries(routed) as TPages;
}
