import type { Selectable } from 'kysely';
import { sanitizePostHtml } from '../blog/blog.service';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { BlogPostsTable } from '../db/schema';
import { AppError, notFound } from '../errors';
import { changedFields, type AdminChanges, type Editor, type Tx } from './changes';
import { FormCheck } from './fields';

export interface NewsForm {
  title: string;
  description: string;
  content: string;
  image_url: string | null;
  published: boolean;
  version?: number;
}

export type NewsPost = Selectable<BlogPostsTable>;

export const PUBLISHED_POST_MESSAGE = 'Una notizia pubblicata non si può eliminare: ritirala prima.';

/** 'Il menu di Natale!' → 'il-menu-di-natale' */
const slugOf = (title: string) =>
  title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'notizia';

const auditView = (p: Pick<NewsPost, 'title' | 'description' | 'content' | 'image_url' | 'published'>) => ({
  title: p.title,
  description: p.description,
  content: p.content,
  image_url: p.image_url,
  published: p.published === 1,
});

/**
 * 'Notizie': posts written in the back office. The body is sanitized on save with the blog's allow-list
 * (no scripts, no event handlers), so what is stored is what customers can be shown; drafts stay here.
 */
export class NewsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly changes: AdminChanges,
  ) {}

  /** Every post, drafts included, newest first. */
  async list(): Promise<NewsPost[]> {
    return this.db.selectFrom('blog_posts').selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc').execute();
  }

  async get(id: number, db: Db | Tx = this.db): Promise<NewsPost> {
    const post = await db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!post) throw notFound('Notizia non trovata.');
    return post;
  }

  private checked(form: NewsForm) {
    const check = new FormCheck();
    const title = check.text('title', 'Titolo', form.title, { max: 150, required: true });
    const description = check.text('description', 'Descrizione', form.description, { max: 300, feminine: true });
    const typed = check.text('content', 'Testo', form.content, { max: 50_000, required: true, multiline: true });
    const content = sanitizePostHtml(typed).trim();
    // Only markup that the allow-list removes entirely (a lone <script>) leaves nothing to show.
    if (typed !== '' && content === '' && !check.has('content')) check.add('content', 'Testo è obbligatorio.');
    const imageUrl = check.imageUrl('image_url', form.image_url);
    check.throwIfAny();
    return { title, description, content, image_url: imageUrl, published: form.published ? 1 : 0 };
  }

  /** A slug no other post has: the title's, numbered when taken. */
  private async freeSlug(tx: Tx, title: string, ownId?: number): Promise<string> {
    const base = slugOf(title);
    const taken = new Set(
      (await tx.selectFrom('blog_posts').select(['id', 'slug']).where('slug', 'like', `${base}%`).execute())
        .filter((p) => p.id !== ownId)
        .map((p) => p.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  async create(editor: Editor, form: NewsForm): Promise<NewsPost> {
    const values = this.checked(form);
    return this.changes.change(editor, async ({ tx, at, audit }) => {
      const { id } = await tx
        .insertInto('blog_posts')
        .values({ ...values, slug: await this.freeSlug(tx, values.title), published_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit({ entity: 'post', entityId: id, action: 'create', label: values.title, after: auditView(values) });
      return this.get(id, tx);
    });
  }

  /** Saves a post based on `version`; publishing a draft dates it now. */
  async update(editor: Editor, id: number, form: NewsForm & { version: number }): Promise<NewsPost> {
    const values = this.checked(form);
    return this.changes.change(editor, async ({ tx, at, audit, claim }) => {
      const before = await this.get(id, tx);
      await claim('blog_posts', id, form.version, () => this.get(id, tx));
      const publishing = before.published === 0 && values.published === 1;
      await tx
        .updateTable('blog_posts')
        .set({ ...values, ...(publishing ? { published_at: at } : {}) })
        .where('id', '=', id)
        .execute();
      const diff = changedFields(auditView(before), auditView(values));
      if (diff) await audit({ entity: 'post', entityId: id, action: 'update', label: values.title, ...diff });
      return this.get(id, tx);
    });
  }

  /** Deletes a draft; a published post is refused (409 `record.in_use`): customers lose it only once withdrawn. */
  async remove(editor: Editor, id: number, version: number): Promise<void> {
    await this.changes.change(editor, async ({ tx, audit, claim }) => {
      const post = await this.get(id, tx);
      if (post.published === 1) throw new AppError('conflict', PUBLISHED_POST_MESSAGE, { code: 'record.in_use' });
      await claim('blog_posts', id, version, async () => post);
      await tx.deleteFrom('blog_posts').where('id', '=', id).execute();
      await audit({ entity: 'post', entityId: id, action: 'delete', label: post.title, before: auditView(post) });
    });
  }
}
