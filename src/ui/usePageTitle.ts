import { useEffect } from 'react';
import { useShop } from '../actors/AppActors';

/** The tab title follows the page ("Ultime notizie — <shop name>"), so history and screen readers name it. */
export function usePageTitle(title: string | null | undefined): void {
  const shopName = useShop().name;
  useEffect(() => {
    if (title) document.title = shopName ? `${title} — ${shopName}` : title;
  }, [title, shopName]);
}
