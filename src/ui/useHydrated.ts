import { useSyncExternalStore } from 'react';

const NEVER_CHANGES = () => () => {};

/**
 * False on the server and while the browser hydrates the server's HTML, true from the render after:
 * what only the browser knows (the remembered user, the cart, the consent) shows from then on, so the
 * first browser render matches the server's HTML. Always true on a page rendered by the browser alone.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    NEVER_CHANGES,
    () => true,
    () => false,
  );
}
