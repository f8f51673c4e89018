import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, type TestServer } from './harness';

let server: TestServer;
let api: ApiClient;
/** Every seeded post, newest first, as the database holds them. */
let seeded: { id: number; title: string; published_at: string; content: string }[];

beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.baseUrl);
  seeded = await server.handle.db
    .selectFrom('blog_posts')
    .select(['id', 'title', 'published_at', 'content'])
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
});
afterAll(() => server.close());

const ids = (posts: { id: number }[]) => posts.map((p) => p.id);

describe('the list of posts', () => {
  it('page 1 has the ten newest posts and the paging meta', async () => {
    expect(seeded.length).toBeGreaterThan(10);
    expect(seeded.length).toBeLessThanOrEqual(20);

    for (const url of ['/api/v1/blog/posts?page=1', '/api/v1/blog/posts']) {
      const response = await api.get(url);
      expect(response.status).toBe(200);
      expect(response.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: seeded.length });
      expect(response.body.data).toHaveLength(10);
      expect(ids(response.body.data)).toEqual(ids(seeded.slice(0, 10)));
      const dates = response.body.data.map((p: { published_at: string }) => Date.parse(p.published_at));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(response.body.data[0]).toMatchObject({ title: seeded[0]!.title, slug: expect.any(String), description: expect.any(String) });
    }
  });

  it('page 2 has the rest, and a page past the end is empty', async () => {
    const second = await api.get('/api/v1/blog/posts?page=2');
    expect(second.status).toBe(200);
    expect(second.body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 10, total: seeded.length });
    expect(ids(second.body.data)).toEqual(ids(seeded.slice(10)));

    const far = await api.get('/api/v1/blog/posts?page=99');
    expect(far.status).toBe(200);
    expect(far.body.data).toEqual([]);
    expect(far.body.meta).toMatchObject({ current_page: 99, last_page: 2, total: seeded.length });
  });

  it('answers a page that is not a whole number from 1 to 1000 with an Italian 422, never a server error', async () => {
    for (const page of ['0', '-0', 'abc', '-1', '1.5', '', '1001', '99999999999999999999', '1e400', 'Infinity', '-Infinity']) {
      const response = await api.get(`/api/v1/blog/posts?page=${page}`);
      expect(response.status, `page=${page}`).toBe(422);
      expect(response.body.message).toBe('Il campo pagina è invalido.');
      expect(response.body.errors.page).toEqual(['Il campo pagina è invalido.']);
    }
    const last = await api.get('/api/v1/blog/posts?page=1000');
    expect(last.status).toBe(200);
    expect(last.body.data).toEqual([]);
  });
});

describe('one post', () => {
  it('keeps the formatting and strips the script tag', async () => {
    const withScript = seeded.filter((p) => p.content.includes('<script'));
    expect(withScript).toHaveLength(1);
    const { id } = withScript[0]!;
    const row = await server.handle.db
      .selectFrom('blog_posts')
      .select('id')
      .where('content', 'like', '%<script%')
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(id);

    const response = await api.get(`/api/v1/blog/posts/${id}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id, title: withScript[0]!.title });
    const content: string = response.body.data.content;
    expect(content).toContain('<p>');
    expect(content).toContain('<em>al telefono</em>');
    expect(content).not.toMatch(/<script/i);
    expect(content).not.toContain('alert(1)');
  });

  it('opens links with rel="noopener noreferrer"', async () => {
    const withLink = seeded.find((p) => p.content.includes('<a '));
    expect(withLink).toBeDefined();
    expect(withLink!.content).not.toContain('noopener');

    const response = await api.get(`/api/v1/blog/posts/${withLink!.id}`);
    expect(response.status).toBe(200);
    const anchors: string[] = response.body.data.content.match(/<a\b[^>]*>/g) ?? [];
    expect(anchors.length).toBeGreaterThan(0);
    for (const anchor of anchors) expect(anchor).toContain('rel="noopener noreferrer"');
    expect(anchors[0]).toContain('href="https://example.org"');
  });

  it('answers an unknown post with an Italian 404', async () => {
    for (const id of [99999, Math.max(...seeded.map((p) => p.id)) + 1]) {
      const response = await api.get(`/api/v1/blog/posts/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'not_found', message: 'Articolo non trovato.' });
    }
    const huge = await api.get('/api/v1/blog/posts/99999999999999999999');
    expect(huge.status).toBe(422);
    expect(huge.body.message).toBe('Il campo id è invalido.');
  });
});
