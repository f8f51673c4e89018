import { fromPromise } from 'xstate';
import type { ListRow, RowActionOutcome, RowActionRequest, recordListMachine } from '../../machines/recordList.machine';
import { answer, unwrap, type ApiClient, type Schemas } from './client';
import { editorActors, refusedWith, rowAction, textOrNull, type FormOf } from './adminActors';
import type { ActorsOf } from './machineActors';

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

const loadNews = (api: ApiClient) => (id: number) =>
  api.GET('/api/v1/admin/news/{id}', { params: { path: { id } } }).then((result) => unwrap(result).post);

/**
 * The posts: withdraw a published one ('post.withdraw': a draft again, as its editor's 'Pubblicata' does)
 * and delete a draft ('post.remove'); both based on the version the list shows.
 */
export function createNewsListActors(api: ApiClient) {
  const load = async () =>
    unwrap(await api.GET('/api/v1/admin/news')).items.map((p): NewsRow => ({
      id: p.id,
      version: p.version,
      searchText: p.title,
      title: p.title,
      published: p.published,
      publishedAt: p.published_at,
    }));
  const withdraw = async ({ id, version }: RowActionRequest) => {
    const values = { ...newsValues(await loadNews(api)(id)), published: false };
    return api.PUT('/api/v1/admin/news/{id}', { params: { path: { id } }, body: { ...newsWrite(values), version } });
  };
  return {
    loadList: fromPromise<ListRow[]>(load),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async ({ input }) =>
      rowAction(async () => {
        if (input.action === 'post.withdraw') {
          const result = answer(await withdraw(input), [404, 409, 422], refusedWith);
          return 'refused' in result ? result : { message: 'Notizia ritirata: ora è una bozza.' };
        }
        const result = await api.DELETE('/api/v1/admin/news/{id}', {
          params: { path: { id: input.id }, query: { version: input.version } },
        });
        return answer(result, [404, 409], refusedWith);
      }, load),
    ),
  } satisfies ActorsOf<typeof recordListMachine>;
}

export function createNewsEditorActors(api: ApiClient) {
  return editorActors({
    load: loadNews(api),
    save: ({ id, values, version }) =>
      id === null
        ? api.POST('/api/v1/admin/news', { body: newsWrite(values) })
        : api.PUT('/api/v1/admin/news/{id}', { params: { path: { id } }, body: { ...newsWrite(values), version } }),
    saved: (body) => body.post,
    values: newsValues,
  });
}
