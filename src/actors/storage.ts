import type { SavedCart } from '../../machines/cart.machine';
import type { CassaDraft } from '../../machines/cassaOrder.types';
import { EMPTY_FORM, type SavedCheckout } from '../../machines/checkout.types';
import type { MenuFilterChoice } from '../../machines/menuFilter.machine';
import type { User } from '../../machines/session.machine';

/**
 * What the browser remembers between visits: the cookie consent flag, the public user snapshot
 * (so the header paints at once) and the cart. Never a credential: the session is the HttpOnly cookie.
 */
export const STORAGE_KEYS = {
  consent: 'pizzeria.cookieConsent',
  user: 'pizzeria.user',
  cart: 'pizzeria.cart',
  cassaMuted: 'pizzeria.cassaMuted',
  cassaDraft: 'pizzeria.cassaDraft',
} as const;
/** Where earlier versions kept the bearer token with the user: read once for the user, then deleted. */
const LEGACY_SESSION_KEY = 'pizzeria.session';

/** The checkout's step and form: this tab only (a reload keeps them, a new tab starts over). */
const CHECKOUT_KEY = 'pizzeria.checkout';
/** The menu's allergen filter: kept for this tab's session. */
const MENU_FILTER_KEY = 'pizzeria.menuFilter';

/**
 * The consent also lives in a first-party cookie (the consent record itself, no tracking; readable by
 * the page): the server reads it to render the banner, or not, in the HTML the browser hydrates.
 */
export const CONSENT_COOKIE = 'pizzeria_consent';
const CONSENT_COOKIE_PAIR = `${CONSENT_COOKIE}=1`;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Whether a Cookie header (or document.cookie) records the visitor's consent. */
export const cookieConsented = (cookies: string | undefined): boolean => (cookies ?? '').split(/;\s*/).includes(CONSENT_COOKIE_PAIR);

function writeConsentCookie(consented: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${consented ? CONSENT_COOKIE_PAIR : `${CONSENT_COOKIE}=`}; Path=/; Max-Age=${consented ? YEAR_SECONDS : 0}; SameSite=Lax${secure}`;
}

const stringsIn = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

function read(key: string, area: 'localStorage' | 'sessionStorage' = 'localStorage'): unknown {
  try {
    const raw = globalThis[area]?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown, area: 'localStorage' | 'sessionStorage' = 'localStorage'): void {
  try {
    if (value === null) globalThis[area]?.removeItem(key);
    else globalThis[area]?.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or full storage: the app still works, it just forgets.
  }
}

function isUser(value: unknown): value is User {
  const user = value as Partial<User> | null;
  return typeof user?.id === 'number' && typeof user.name === 'string' && typeof user.email === 'string';
}

function isSavedCart(value: unknown): value is SavedCart {
  const cart = value as Partial<SavedCart> | null;
  return Array.isArray(cart?.lines) && cart.lines.every((line) => typeof line?.productId === 'number' && typeof line.qty === 'number');
}

export const storage = {
  /** the cookie, or a consent given before it existed (then recorded in the cookie too) */
  consent: () => {
    if (typeof document !== 'undefined' && cookieConsented(document.cookie)) return true;
    const consented = read(STORAGE_KEYS.consent) === true;
    if (consented) writeConsentCookie(true);
    return consented;
  },
  saveConsent: (consented: boolean) => {
    write(STORAGE_KEYS.consent, consented ? true : null);
    writeConsentCookie(consented);
  },
  user: (): User | null => {
    const legacy = read(LEGACY_SESSION_KEY) as { user?: unknown } | null;
    if (legacy) {
      write(LEGACY_SESSION_KEY, null);
      if (isUser(legacy.user)) write(STORAGE_KEYS.user, legacy.user);
    }
    const user = read(STORAGE_KEYS.user);
    return isUser(user) ? user : null;
  },
  saveUser: (user: User | null) => write(STORAGE_KEYS.user, user),
  cart: (): SavedCart | null => {
    const cart = read(STORAGE_KEYS.cart);
    // A copy written before the delivery type and zone were kept has them unchosen.
    return isSavedCart(cart) ? { ...cart, delivery: cart.delivery ?? null, zoneId: cart.zoneId ?? null } : null;
  },
  saveCart: (cart: SavedCart) => write(STORAGE_KEYS.cart, cart.lines.length || cart.code ? cart : null),
  checkout: (): SavedCheckout | null => {
    const saved = read(CHECKOUT_KEY, 'sessionStorage') as SavedCheckout | null;
    // A copy written before a field existed gets it empty.
    return saved && typeof saved.step === 'number' && typeof saved.form === 'object'
      ? { ...saved, form: { ...EMPTY_FORM, ...saved.form } }
      : null;
  },
  saveCheckout: (checkout: SavedCheckout | null) => write(CHECKOUT_KEY, checkout, 'sessionStorage'),
  /** as saved: the menu keeps only the keys it knows (this module stays out of the menu's chunk) */
  menuFilter: (): Record<keyof MenuFilterChoice, string[]> | null => {
    const saved = read(MENU_FILTER_KEY, 'sessionStorage') as Partial<Record<keyof MenuFilterChoice, unknown>> | null;
    return saved && { without: stringsIn(saved.without), only: stringsIn(saved.only) };
  },
  saveMenuFilter: (choice: MenuFilterChoice) =>
    write(MENU_FILTER_KEY, choice.without.length + choice.only.length > 0 ? choice : null, 'sessionStorage'),
  /**
   * Calls `changed` with the remembered user when another tab of the site saves or forgets it (the
   * browser's `storage` event never fires in the tab that wrote). Returns the unsubscribe.
   */
  onUserChangedElsewhere: (changed: (user: User | null) => void): (() => void) => {
    if (typeof window === 'undefined') return () => {};
    const listener = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.user || event.key === null) changed(storage.user());
    };
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  },
  /** the cassa's new-order chime is off */
  cassaMuted: () => read(STORAGE_KEYS.cassaMuted) === true,
  saveCassaMuted: (muted: boolean) => write(STORAGE_KEYS.cassaMuted, muted ? true : null),
  /** the cassa's order being typed (form, lines, code: no credential), or nothing */
  cassaDraft: (): CassaDraft | null => {
    const draft = read(STORAGE_KEYS.cassaDraft) as CassaDraft | null;
    // A draft kept before the allergy field existed has none.
    return draft && typeof draft.form === 'object' && isSavedCart(draft)
      ? { ...draft, form: { ...draft.form, allergyNote: draft.form.allergyNote ?? '' } }
      : null;
  },
  saveCassaDraft: (draft: CassaDraft | null) => write(STORAGE_KEYS.cassaDraft, draft),
};
