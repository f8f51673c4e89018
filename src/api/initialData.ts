/**
 * Answers the server rendered into the page as a JSON data block
 * (`<script type="application/json" id="initial-data">`), keyed by the GET they answer, so the
 * first screen needs no second round trip. They describe the moment the page was served: good for
 * the first screen only, so the app clears them at the first navigation.
 */
export interface InitialData {
  get<T>(apiPath: string): T | null;
  /** the server asked and was told there is no such thing (a post's 404), listed apart from the answers */
  isMissing(apiPath: string): boolean;
  clear(): void;
}

export const INITIAL_DATA_ID = 'initial-data';
/** `<script type="application/json" id="initial-missing">`: the GETs of the first screen answered 404. */
export const INITIAL_MISSING_ID = 'initial-missing';

export function createInitialData(entries: Record<string, unknown> = {}, missingPaths: string[] = []): InitialData {
  let answers = new Map(Object.entries(entries));
  let missing = new Set(missingPaths);
  return {
    get: <T>(apiPath: string) => (answers.get(apiPath) as T | undefined) ?? null,
    isMissing: (apiPath) => missing.has(apiPath),
    clear: () => {
      answers = new Map();
      missing = new Set();
    },
  };
}

function readJson(doc: Document | undefined, id: string): unknown {
  const text = doc?.getElementById(id)?.textContent;
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The page's data blocks, if the server wrote them (not in `npm run dev`, nor in tests). */
export function readInitialData(doc: Document | undefined = globalThis.document): InitialData {
  const answers = readJson(doc, INITIAL_DATA_ID);
  const missing = readJson(doc, INITIAL_MISSING_ID);
  return createInitialData(
    typeof answers === 'object' && answers !== null ? (answers as Record<string, unknown>) : {},
    Array.isArray(missing) ? missing.map(String) : [],
  );
}

export const initialPaths = {
  webapp: '/api/v1/ecommerce/webapp',
  blogPage: (page: number) => `/api/v1/blog/posts?page=${page}`,
  blogPost: (id: number) => `/api/v1/blog/posts/${id}`,
};
