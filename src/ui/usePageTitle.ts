import { useEffect } from 'react';

/** The tab title follows the page, so history and screen readers name it. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} — Pizzeria Da Romolo`;
  }, [title]);
}
