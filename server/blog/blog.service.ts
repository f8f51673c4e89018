import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';
import type { Db } from '../db/database';
import type { Selectable } from 'kysely';
import type { BlogPostsTable } from '../db/schema';
import { notFound } from '../errors';

export const POSTS_PER_PAGE = 10;

/** What a post body may contain: text formatting, headings, lists, links and images. No scripts, no styles. */
const ALLOWED_HTML = (sanitize: typeof sanitizeHtml): sanitizeHtml.IOptions => ({
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
  transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
});

// Loaded at the first post shown or written (its HTML parser is ~15 MB), synchronously: it is CommonJS.
let sanitizer: ((html: string) => string) | undefined;

export function sanitizePostHtml(html: string): string {
  if (!sanitizer) {
    const sanitize = createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml;
    const options = ALLOWED_HTML(sanitize);
    sanitizer = (dirty) => sanitize(dirty, options);
  }
  return sanitizer(html);
}

/** A post as customers read it. */
type PostRow = Omit<Selectable<BlogPostsTable>, 'published' | 'version'>;
const POST_COLUMNS = ['id', 'slug', 'title', 'description', 'content', 'image_url', 'published_at'] as const;

export class BlogService {
  constructor(private readonly db: Db) {}

  async page(page: number): Promise<{ posts: Omit<PostRow, 'content'>[]; total: number; lastPage: number }> {
    const { total } = await this.db
      .selectFrom('blog_posts')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('published', '=', 1)
      .executeTakeFirstOrThrow();
    const lastPage = Math.max(1, Math.ceil(Number(total) / POSTS_PER_PAGE));
    // A page past the last one is empty; its offset may not even fit the database's integer.
    if (page > lastPage) return { posts: [], total: Number(total), lastPage };
    const posts = await this.db
      .selectFrom('blog_posts')
      .select(['id', 'slug', 'title', 'description', 'image_url', 'published_at'])
      .where('published', '=', 1)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(POSTS_PER_PAGE)
      .offset((page - 1) * POSTS_PER_PAGE)
      .execute();
    return { posts, total: Number(total), lastPage };
  }

  /** Every published post's address and date, newest first: what the sitemap lists. */
  async published(): Promise<Pick<PostRow, 'id' | 'slug' | 'published_at'>[]> {
    return this.db
      .selectFrom('blog_posts')
      .select(['id', 'slug', 'published_at'])
      .where('published', '=', 1)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** A published post; a draft is 'not found' to customers. */
  async post(id: number): Promise<PostRow> {
    const post = await this.db
      .selectFrom('blog_posts')
      .select(POST_COLUMNS)
      .where('id', '=', id)
      .where('published', '=', 1)
      .executeTakeFirst();
    if (!post) throw notFound('Articolo non trovato.');
    return { ...post, content: sanitizePostHtml(post.content) };
  }
}
