import sanitizeHtml from 'sanitize-html';
import type { Db } from '../db/database';
import type { Selectable } from 'kysely';
import type { BlogPostsTable } from '../db/schema';
import { notFound } from '../errors';

export const POSTS_PER_PAGE = 10;

/** What a post body may contain: text formatting, headings, lists, links and images. No scripts, no styles. */
const ALLOWED_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'b',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'figure',
    'figcaption',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED_HTML);
}

type PostRow = Selectable<BlogPostsTable>;

export class BlogService {
  constructor(private readonly db: Db) {}

  async page(page: number): Promise<{ posts: Omit<PostRow, 'content'>[]; total: number; lastPage: number }> {
    const { total } = await this.db
      .selectFrom('blog_posts')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const lastPage = Math.max(1, Math.ceil(Number(total) / POSTS_PER_PAGE));
    // A page past the last one is empty; its offset may not even fit the database's integer.
    if (page > lastPage) return { posts: [], total: Number(total), lastPage };
    const posts = await this.db
      .selectFrom('blog_posts')
      .select(['id', 'slug', 'title', 'description', 'image_url', 'published_at'])
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(POSTS_PER_PAGE)
      .offset((page - 1) * POSTS_PER_PAGE)
      .execute();
    return { posts, total: Number(total), lastPage };
  }

  async post(id: number): Promise<PostRow> {
    const post = await this.db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!post) throw notFound('Articolo non trovato.');
    return { ...post, content: sanitizePostHtml(post.content) };
  }
}
