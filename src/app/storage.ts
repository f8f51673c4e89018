import type { SessionContext } from '../../machines/session.machine';

/** What the browser remembers between visits; the machines' persistence actions write through here. */
const KEYS = { consent: 'pizzeria.cookieConsent', session: 'pizzeria.session' } as const;

function read<T>(key: string, fallback: T): T {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or full storage: the app still works, it just forgets.
  }
}

export const storage = {
  consent: () => read<boolean>(KEYS.consent, false) === true,
  saveConsent: () => write(KEYS.consent, true),
  session: (): SessionContext => {
    const saved = read<Partial<SessionContext>>(KEYS.session, {});
    return { token: typeof saved.token === 'string' ? saved.token : null, user: saved.user ?? null };
  },
  saveSession: (session: SessionContext) => write(KEYS.session, session.token ? session : {}),
};
