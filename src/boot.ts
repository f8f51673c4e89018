/**
 * The one script a server-rendered page loads at first, in place of the app's module scripts
 * (server/frontend.ts names them in its data attributes). The page reads without JavaScript, so the
 * app starts only once the page has painted and loaded: its scripts never delay the first screen.
 * Until React takes over, a tap on a button (a product card, the cookie banner) is kept and made
 * again once the page is hydrated, as Angular's and Wiz's event replay do; links work by themselves.
 * A classic script without imports, so it stays a few hundred bytes and runs before the app.
 */

declare global {
  interface Window {
    /** Set on a server-rendered page: the app takes the page's input over through it. */
    pizzeriaBoot?: {
      /** React handles the page's input from now on (main.tsx, as it starts hydrating): taps are no longer kept */
      handOver(): void;
      /** makes the kept tap again, once the page's content is hydrated (src/app/Layout.tsx) */
      replay(): void;
    };
  }
}

const script = document.currentScript as HTMLScriptElement;
let tapped: HTMLElement | null = null;

function keepTap(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>('#root button') : null;
  if (!button) return;
  // A button in a form would submit it.
  event.preventDefault();
  tapped = button;
}
document.addEventListener('click', keepTap, true);

window.pizzeriaBoot = {
  handOver() {
    document.removeEventListener('click', keepTap, true);
  },
  replay() {
    // Hydration keeps the server's nodes; one replaced (or a second call) makes nothing.
    if (tapped?.isConnected) tapped.click();
    tapped = null;
  },
};

/** The entry and the chunks it imports, all requested at once (no waterfall), inserted in one go. */
function startApp(): void {
  const { entry = '', preloads = '' } = script.dataset;
  const tags = document.createDocumentFragment();
  for (const href of preloads.split(' ').filter(Boolean)) {
    tags.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' }));
  }
  tags.append(Object.assign(document.createElement('script'), { type: 'module', src: entry, crossOrigin: '' }));
  document.head.append(tags);
}

/**
 * Once the page has painted its content (the load event can come first). At once where paint timing is
 * unknown or the tab is hidden (opened in the background, it paints only once shown: the app is ready
 * by then), and after 3 s at the latest, never waiting on a paint entry that does not come.
 */
const painted = new Promise<void>((resolve) => {
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
  setTimeout(resolve, 3000);
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    resolve();
  }).observe({ type: 'paint', buffered: true });
});
const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});
// Then after the next frame, which paints the images the load event waited for; a hidden tab has no
// frames until shown, so it starts at once.
void Promise.all([painted, loaded]).then(() =>
  document.visibilityState === 'hidden' ? startApp() : requestAnimationFrame(() => setTimeout(startApp)),
);

export {};
