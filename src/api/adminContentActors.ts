import type { ListRow } from '../../machines/recordList.machine';
import { unwrap, type ApiClient, type Schemas } from './client';
import { editorActors, readOnlyListActors, textOrNull, type FormOf } from './adminActors';

/** The shop's words in the back office: its texts and its news posts. */

// --- texts -----------------------------------------------------------------------------------

/** The texts as their form holds them: every text as typed. */
export type TextsForm = Omit<Schemas['ShopTextsWrite'], 'version'>;

const textsValues = ({ version: _version, ...texts }: Schemas['ShopTexts']): TextsForm => texts;

/** 'Testi': one record of plain texts, saved as typed. */
export function createTextsActors(api: ApiClient) {
  return editorActors({
    load: async () => unwrap(await api.GET('/api/v1/admin/texts')).texts,
    save: ({ values, version }) => api.PUT('/api/v1/admin/texts', { body: { ...values, version } }),
    saved: (body) => body.texts,
    values: textsValues,
  });
}

// --- news ------------------------------------------------------------------------------------

type AdminNewsPost = Schemas['AdminNewsPost'];

export interface NewsRow extends ListRow {
  title: string;
  published: boolean;
  publishedAt: string;
}

/** A post as its form holds it: no image is an empty address. */
export type NewsForm = Omit<FormOf<Schemas['NewsPostUpdate']>, 'version'>;

const newsValues = (p: AdminNewsPost): NewsForm => ({
  title: p.title,
  description: p.description,
  content: p.content,
  image_url: p.image_url ?? '',
  published: p.published,
});

export const BLANK_NEWS: NewsForm = { title: '', description: '', content: '', image_url: '', published: false };

const newsWrite = (values: NewsForm): Schemas['NewsPostWrite'] => ({ ...values, image_url: textOrNull(values.image_url) });

export function createNewsListActors(api: ApiClient) {
  return readOnlyListActors(async () =>
    unwrap(await api.GET('/api/v1/admin/news')).items.map((p): NewsRow => ({
      id: p.id,
      version: p.version,
      searchText: p.title,
      title: p.title,
      published: p.published,
      publishedAt: p.published_at,
    })),
  );
}

export function createNewsEditorActors(api: ApiClient) {
  return editorActors({
    load: async (id) => unwrap(await api.GET('/api/v1/admin/news/{id}', { params: { path: { id } } })).post,
    save: ({ id, values, version }) =>
      id === null
        ? api.POST('/api/v1/admin/news', { body: newsWrite(values) })
        : api.PUT('/api/v1/admin/news/{id}', { params: { path: { id } }, body: { ...newsWrite(values), version } }),
    saved: (body) => body.post,
    values: newsValues,
  });
}
