import { lazy, Suspense, useState } from 'react';
import type { Field, RecordEditorActor } from '../../machines/recordEditor.machine';
import { BLANK_NEWS, createNewsEditorActors, createNewsListActors, type NewsRow } from '../api/adminContentActors';
import { formatShopDate } from '../domain';
import { QuestionDialog } from '../ui/QuestionDialog';
import { usePageTitle } from '../ui/usePageTitle';
import { AdminCheckbox, AdminTextField, RecordForm, useListEditor } from './ui/editor';
import { ImageUpload } from './ui/ImageUpload';
import { AdminListScreen, EditAndRemove, ListWithEditor, RecordTable, RowButton, useListScreen, type Column } from './ui/list';
import { Loading } from './ui/states';

// The editor (Tiptap, ProseMirror) is loaded with the post's form only: no other screen pays for it.
const RichTextField = lazy(() => import('./ui/RichTextField').then((module) => ({ default: module.RichTextField })));

/** 'Notizie': the posts, drafts included, and the editor of one post with its preview. */
export function NewsAdmin() {
  usePageTitle('Notizie - Amministrazione');
  return <ListWithEditor list={<NewsList />} editor={(id) => <NewsEditor postId={id} />} newSlug="nuova" />;
}

const COLUMNS: readonly Column<NewsRow>[] = [
  { header: 'Titolo', cell: (row) => row.title, names: true, width: '45%' },
  { header: 'Stato', cell: (row) => (row.published ? `Pubblicata il ${formatShopDate(row.publishedAt)}` : 'Bozza'), width: '25%' },
];

function NewsList() {
  const view = useListScreen<NewsRow>(createNewsListActors);
  // Deleting cannot be undone, so it is asked first.
  const [removing, setRemoving] = useState<NewsRow | null>(null);
  return (
    <AdminListScreen
      id="admin-news-title"
      title="Notizie"
      links={[{ href: '/admin/notizie/nuova', label: 'Nuova notizia', primary: true }]}
      hint="Una notizia pubblicata si elimina dopo averla ritirata: torna una bozza e i clienti non la vedono più."
    >
      <RecordTable
        view={view}
        label="Notizie"
        emptyText="Nessuna notizia trovata."
        caption="Notizie"
        columns={COLUMNS}
        actionsWidth="30%"
        actions={(row, place) => (
          <>
            <EditAndRemove
              name={row.title}
              editHref={`/admin/notizie/${row.id}`}
              canRemove={!row.published}
              isDisabled={view.isBusy}
              onRemove={() => setRemoving(row)}
            />
            {row.published && (
              <RowButton label="Ritira" name={`Ritira ${row.title}`} view={view} onPress={() => place.focus.act(row.id, 'post.withdraw')} />
            )}
          </>
        )}
      />
      <QuestionDialog
        title={`Eliminare «${removing?.title ?? ''}»?`}
        question={
          removing && {
            message: 'La bozza sarà eliminata definitivamente.',
            confirmButton: {
              label: 'Elimina',
              onPress: () => {
                view.act(removing.id, 'post.remove');
                setRemoving(null);
              },
            },
            cancelButton: { label: 'Annulla', onPress: () => setRemoving(null) },
          }
        }
      />
    </AdminListScreen>
  );
}

function NewsEditor({ postId }: { postId: number | null }) {
  const { actor, view, backToList } = useListEditor(createNewsEditorActors, { id: postId, blank: BLANK_NEWS }, '/admin/notizie');
  const saved = view.savedValues;
  return (
    <section className="admin-editor">
      <RecordForm view={view} title={postId === null ? 'Nuova notizia' : saved.title || 'Notizia'} onLeave={backToList}>
        <AdminTextField label="Titolo" field={view.field('title')} />
        <AdminTextField label="Descrizione" field={view.field('description')} description="Una o due righe per l’elenco delle notizie" />
        <Suspense fallback={<Loading />}>
          <RichTextField
            label="Testo"
            field={view.field('content')}
            description="Grassetto, corsivo, titoli, elenchi e collegamenti. Quello che non si può mostrare ai clienti viene tolto al salvataggio."
          />
        </Suspense>
        <PostImageField editor={actor} field={view.field('image_url')} />
        <AdminCheckbox label="Pubblicata" field={view.field('published')} />
      </RecordForm>
      {!view.isNew && saved.content && (
        <section className="admin-preview" aria-labelledby="admin-news-preview">
          <h2 id="admin-news-preview">Anteprima (ultima versione salvata)</h2>
          <article className="post">
            <h3>{saved.title}</h3>
            {/* Sanitized by the server on save, as /blog shows it. */}
            <div className="post__body" dangerouslySetInnerHTML={{ __html: saved.content }} />
          </article>
        </section>
      )}
    </section>
  );
}

/** The post's picture: uploaded, previewed and removable; there is no address to type. */
function PostImageField({ editor, field }: { editor: RecordEditorActor; field: Field<string> }) {
  return (
    <fieldset className="admin-fieldset admin-image">
      <legend>Immagine</legend>
      <p className="field__hint">Una foto in orizzontale (JPG, PNG o WebP fino a 5 MB), in cima alla notizia.</p>
      <ImageUpload editor={editor} value={field.value} kind="post" onRemove={() => field.onChange('')} />
      {field.errors.length > 0 && <p className="field__error">{field.errors.join(' ')}</p>}
    </fieldset>
  );
}
