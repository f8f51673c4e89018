import { createElement, lazy, useState, type ComponentType } from 'react';

/** A lazy area's chunk could not be loaded: after a deploy, the hashed file this tab knows is gone. */
export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    cause: unknown,
  ) {
    super(`Chunk "${chunk}" could not be loaded`, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Where the one reload is remembered: this tab (it must survive the reload), this build (the entry's hashed URL), this chunk. */
const flagKey = (chunk: string) => `pizzeria.chunkReload:${import.meta.url}:${chunk}`;

/** Runs `use` on the tab's storage; `fallback` when the browser refuses it (sandboxed, blocked, full). */
function withTabStorage<T>(use: (storage: Storage) => T, fallback: T): T {
  try {
    return use(window.sessionStorage);
  } catch {
    return fallback;
  }
}

/** A lazy route's import, remembering its module once loaded. */
export interface Chunk<T> {
  (): Promise<T>;
  /** the module, once an import has resolved */
  loaded?: T;
}

/** A lazy route's import; its failure becomes a ChunkLoadError for the route's error element. */
export function lazyChunk<T>(chunk: string, load: () => Promise<T>): Chunk<T> {
  const loader: Chunk<T> = async () => {
    try {
      const module = await load();
      loader.loaded = module;
      // Loaded: a later deploy may reload the page again.
      withTabStorage((storage) => storage.removeItem(flagKey(chunk)), undefined);
      return module;
    } catch (error) {
      throw new ChunkLoadError(chunk, error);
    }
  };
  return loader;
}

/**
 * A page from a lazy chunk. Rendered at once when the chunk is already loaded (the server loads its
 * pages' chunks before rendering, the browser the first page's before hydrating: no fallback replaces
 * the server's HTML); otherwise it suspends until the chunk arrives.
 */
export function lazyPage<T>(chunk: Chunk<T>, pick: (module: T) => ComponentType): ComponentType {
  const Suspending = lazy(() => chunk().then((module) => ({ default: pick(module) })));
  return function LazyPage() {
    // Chosen once per mount: another component type later would remount the page and restart its actors.
    const [page] = useState<ComponentType>(() => (chunk.loaded ? pick(chunk.loaded) : Suspending));
    return createElement(page);
  };
}

/**
 * The missing chunk the page should reload for, if any: the first time this build misses it in this
 * tab (the reloaded page names the new chunks). Without storage to remember it, none: never a loop.
 */
export function chunkToReloadFor(error: unknown): ChunkLoadError | null {
  if (!(error instanceof ChunkLoadError)) return null;
  return withTabStorage((storage) => storage.getItem(flagKey(error.chunk)) === null, false) ? error : null;
}

/** Remembers that the page reloads for `error`, so a second failure shows the error instead. */
export function markReloadFor(error: ChunkLoadError): void {
  withTabStorage((storage) => storage.setItem(flagKey(error.chunk), '1'), undefined);
}
