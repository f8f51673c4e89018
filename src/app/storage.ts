import type { User } from '../../machines/session.machine';

/**
 * What the browser remembers between visits: the cookie consent flag and the public user snapshot
 * (so the header paints at once). Never a credential: the session is the HttpOnly cookie.
 */
export const STORAGE_KEYS = { consent: 'pizzeria.cookieConsent', user: 'pizzeria.user', cassaMuted: 'pizzeria.cassaMuted' } as const;
/** Where earlier versions kept the bearer token with the user: read once for the user, then deleted. */
const LEGACY_SESSION_KEY = 'pizzeria.session';

function read(key: string): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or full storage: the app still works, it just forgets.
  }
}

function isUser(value: unknown): value is User {
  const user = value as Partial<User> | null;
  return typeof user?.id === 'number' && typeof user.name === 'string' && typeof user.email === 'string';
}

export const storage = {
  consent: () => read(STORAGE_KEYS.consent) === true,
  saveConsent: (consented: boolean) => write(STORAGE_KEYS.consent, consented ? true : null),
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
  /** the cassa's new-order chime is off */
  cassaMuted: () => read(STORAGE_KEYS.cassaMuted) === true,
  saveCassaMuted: (muted: boolean) => write(STORAGE_KEYS.cassaMuted, muted ? true : null),
};
