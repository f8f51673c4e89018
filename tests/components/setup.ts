import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { mockSession, server } from '../mocks/handlers';

/** Component tests: every request answered by the contract-typed msw handlers, a clean page per test. */

// A lazy area's first render compiles its chunk: on a busy 2-core machine that can take over the default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout engine: scrolling is a no-op (React Router's ScrollRestoration calls it).
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

// Media queries: nothing matches (jsdom has none; react-aria and the menu may ask).
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no CSS.escape; react-aria's Modal uses it (to read a csp-nonce meta tag). Per CSSOM §2.1.
if (typeof globalThis.CSS === 'undefined' || typeof globalThis.CSS.escape !== 'function') {
  const escape = (value: string): string => {
    const chars = Array.from(String(value));
    return chars
      .map((char, i) => {
        const code = char.codePointAt(0)!;
        if (code === 0) return '\uFFFD';
        if ((code >= 0x1 && code <= 0x1f) || code === 0x7f) return `\\${code.toString(16)} `;
        if (/[0-9]/.test(char) && (i === 0 || (i === 1 && chars[0] === '-'))) return `\\${code.toString(16)} `;
        if (i === 0 && char === '-' && chars.length === 1) return `\\${char}`;
        if (code >= 0x80 || /[-_0-9a-zA-Z]/.test(char)) return char;
        return `\\${char}`;
      })
      .join('');
  };
  (globalThis as { CSS?: unknown }).CSS = { ...(globalThis.CSS ?? {}), escape };
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // A new visitor each test: no consent cookie left by the previous one.
  for (const cookie of document.cookie.split(/;\s*/).filter(Boolean)) document.cookie = `${cookie.split('=')[0]}=; Max-Age=0; Path=/`;
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  mockSession.user = null;
  vi.useRealTimers();
  localStorage.clear();
});

afterAll(() => server.close());
