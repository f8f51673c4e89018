import { BLANK_NEWS, createNewsEditorActors, createNewsListActors, type NewsRow } from '../api/adminContentActors';
import { formatShopDate } from '../domain';
import { usePageTitle } from '../ui/usePageTitle';
import { AdminCheckbox, AdminTextField, RecordForm, useListEditor } from './ui/editor';
import { AdminListScreen, EditLink, ListWithEditor, RecordTable, useListScreen, type Column } from './ui/list';

/** 'Notizie': the posts, drafts included, and the editor of one post with its preview. */
export function NewsAdmin() {
  usePageTitle('Notizie - Amministrazione');
  return <ListWithEditor list={<NewsList />} editor={(id) => <NewsEditor postId={id} />} newSlug="nuova" />;
}

const COLUMNS: readonly Column<NewsRow>[] = [
  { header: 'Titolo', cell: (row) => row.title, names: true },
  { header: 'Stato', cell: (row) => (row.published ? `Pubblicata il ${formatShopDate(row.publishedAt)}` : 'Bozza') },
];

function NewsList() {
  const view = useListScreen<NewsRow>(createNewsListActors);
  return (
    <AdminListScreen
      id="admin-news-title"
      title="Notizie"
      links={[{ href: '/admin/notizie/nuova', label: 'Nuova notizia', primary: true }]}
    >
      <RecordTable
        view={view}
        label="Notizie"
        emptyText="Nessuna notizia trovata."
        caption="Notizie"
        columns={COLUMNS}
        actions={(row) => <EditLink name={row.title} href={`/admin/notizie/${row.id}`} />}
      />
    </AdminListScreen>
  );
}

function NewsEditor({ postId }: { postId: number | null }) {
  const { view, backToList } = useListEditor(createNewsEditorActors, { id: postId, blank: BLANK_NEWS }, '/admin/notizie');
  const saved = view.savedValues;
  return (
    <section className="admin-editor">
      <RecordForm view={view} title={postId === null ? 'Nuova notizia' : saved.title || 'Notizia'} onLeave={backToList}>
        <AdminTextField label="Titolo" field={view.field('title')} />
        <AdminTextField label="Descrizione" field={view.field('description')} description="Una o due righe per l’elenco delle notizie" />
        <AdminTextField
          label="Testo"
          multiline
          field={view.field('content')}
          description="HTML semplice: paragrafi, titoli, elenchi, link e immagini. Script e stili vengono tolti al salvataggio."
        />
        <AdminTextField
          label="Immagine"
          field={view.field('image_url')}
          description="Indirizzo dell’immagine, ad esempio /media/porcini.jpg"
        />
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
