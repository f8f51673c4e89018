import { fromPromise } from 'xstate';
import type { LoadedRecord, RecordValues, SaveOutcome, SaveRequest, recordEditorMachine } from '../../machines/recordEditor.machine';
import type { ListRow, RowActionOutcome, RowActionRequest, recordListMachine } from '../../machines/recordList.machine';
import { answer, unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { saveRefusal } from './adminActors';

/** The shop's words in the back office: its texts and its news posts. */

// --- texts -----------------------------------------------------------------------------------

type ShopTextsWire = Schemas['ShopTexts'];

const textsValues = ({ version: _version, ...texts }: ShopTextsWire): RecordValues => texts;

/** 'Testi': one record of plain texts, saved as typed. */
export function createTextsActors(api: ApiClient) {
  return {
    loadRecord: fromPromise<LoadedRecord, { id: number }>(async () => {
      const { texts } = unwrap(await api.GET('/api/v1/admin/texts'));
      return { values: textsValues(texts), version: texts.version };
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
      const typed = Object.fromEntries(Object.entries(input.values).map(([key, value]) => [key, String(value ?? '')]));
      const body = { ...(typed as Omit<ShopTextsWire, 'version'>), version: input.version };
      const result = answer(await api.PUT('/api/v1/admin/texts', { body }), [409, 422], (status, refused) =>
        saveRefusal(status, refused, textsValues),
      );
      if ('kind' in result) return result;
      return { kind: 'saved', id: 0, values: textsValues(result.texts), version: result.texts.version };
    }),
  } satisfies ActorsOf<typeof recordEditorMachine>;
}

// --- news ------------------------------------------------------------------------------------

type AdminNewsPost = Schemas['AdminNewsPost'];

export interface NewsRow extends ListRow {
  title: string;
  published: boolean;
  publishedAt: string;
}

const newsValues = (p: AdminNewsPost): RecordValues => ({
  title: p.title,
  description: p.description,
  content: p.content,
  image_url: p.image_url ?? '',
  published: p.published,
});

export const BLANK_NEWS: RecordValues = { title: '', description: '', content: '', image_url: '', published: false };

const newsWrite = (values: RecordValues) => ({
  title: String(values.title ?? ''),
  description: String(values.description ?? ''),
  content: String(values.content ?? ''),
  image_url: values.image_url ? String(values.image_url) : null,
  published: Boolean(values.published),
});

export function createNewsListActors(api: ApiClient) {
  return {
    loadList: fromPromise<ListRow[]>(async () =>
      unwrap(await api.GET('/api/v1/admin/news')).items.map((p): NewsRow => ({
        id: p.id,
        version: p.version,
        searchText: p.title,
        title: p.title,
        published: p.published,
        publishedAt: p.published_at,
      })),
    ),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async () => {
      throw new Error('posts change in their editor');
    }),
  } satisfies ActorsOf<typeof recordListMachine>;
}

export function createNewsEditorActors(api: ApiClient) {
  return {
    loadRecord: fromPromise<LoadedRecord, { id: number }>(async ({ input }) => {
      const { post } = unwrap(await api.GET('/api/v1/admin/news/{id}', { params: { path: { id: input.id } } }));
      return { values: newsValues(post), version: post.version };
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
      const refuse = (status: number, body: unknown) => saveRefusal(status, body, newsValues);
      const result =
        input.id === null
          ? answer(await api.POST('/api/v1/admin/news', { body: newsWrite(input.values) }), [422], refuse)
          : answer(
              await api.PUT('/api/v1/admin/news/{id}', {
                params: { path: { id: input.id } },
                body: { ...newsWrite(input.values), version: input.version },
              }),
              [409, 422],
              refuse,
            );
      if ('kind' in result) return result;
      return { kind: 'saved', id: result.post.id, values: newsValues(result.post), version: result.post.version };
    }),
  } satisfies ActorsOf<typeof recordEditorMachine>;
}
