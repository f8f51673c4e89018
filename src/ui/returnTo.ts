/**
 * Where the login sends the user back to: the page they were on, carried in the login URL
 * (`/auth/login?redirect=/ecommerce/checkout`), so it survives a reload and belongs to that tab.
 */
export const RETURN_PARAM = 'redirect';
export const AFTER_LOGIN_DEFAULT = '/ecommerce';

/** Screens a user is never sent back to after logging in (they would lead straight out again, or loop). */
const ENTRY_SCREENS = ['login', 'register', 'forgot-password', 'reset-password', 'confirm-required', 'verify-message'].map(
  (screen) => `/auth/${screen}`,
);

/** Only a path of this site (no other origin, no protocol-relative `//host`), and not a login screen. */
export function isReturnablePath(path: string | null | undefined): path is string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/)[0]!.replace(/\/+$/, '');
  return !ENTRY_SCREENS.includes(pathname);
}

/** The login screen's URL that returns to `returnTo` (a path with its query) afterwards. */
export function loginHref(returnTo?: string | null): string {
  return isReturnablePath(returnTo) && returnTo !== AFTER_LOGIN_DEFAULT
    ? `/auth/login?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}`
    : '/auth/login';
}

/** Where to go after logging in, from the login URL's query: the remembered page, otherwise /ecommerce. */
export function returnToFrom(search: URLSearchParams): string {
  const path = search.get(RETURN_PARAM);
  return isReturnablePath(path) ? path : AFTER_LOGIN_DEFAULT;
}
