/**
 * Answers the server rendered into the page as a JSON data block
 * (`<script type="application/json" id="initial-data">`), keyed by the GET they answer, so the
 * first screen needs no second round trip. They describe the moment the page was served: good for
 * the first screen only, so the app clears them at the first navigation.
 */
export interface InitialData {
  get<T>(apiPath: string): T | null;
  clear(): void;
}

export const INITIAL_DATA_ID = 'initial-data';

export function createInitialData(entries: Record<string, unknown> = {}): InitialData {
  let answers = new Map(Object.entries(entries));
  return {
    get: <T>(apiPath: string) => (answers.get(apiPath) as T | undefined) ?? null,
    clear: () => {
      answers = new Map();
    },
  };
}

/** The page's data block, if the server wrote one (not in `npm run dev`, nor in tests). */
export function readInitialData(doc: Document | undefined = globalThis.document): InitialData {
  const text = doc?.getElementById(INITIAL_DATA_ID)?.textContent;
  if (!text) return createInitialData();
  try {
    const parsed: unknown = JSON.parse(text);
    return createInitialData(typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {});
  } catch {
    return createInitialData();
  }
}

export const initialPaths = {
  webapp: '/api/v1/ecommerce/webapp',
  blogPage: (page: number) => `/api/v1/blog/posts?page=${page}`,
  blogPost: (id: number) => `/api/v1/blog/posts/${id}`,
};
