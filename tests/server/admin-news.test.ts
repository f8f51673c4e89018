/**
 * 'Notizie' (issue 17): posts written in the back office, sanitized on save with the blog's allow-list,
 * drafts seen only there, published ones on /blog at once; versioned and audited.
 */
import { describe, expect, it } from 'vitest';
import { adminSuite } from './harness';

const suite = adminSuite();

const post = (over: Record<string, unknown> = {}) => ({
  title: 'La pizza ai porcini è tornata',
  description: 'Da stasera, fino a fine novembre.',
  content: '<p>Porcini freschi dei Monti Simbruini.</p>',
  image_url: null,
  published: false,
  ...over,
});

const publicTitles = async () =>
  ((await suite.visitor().get('/api/v1/blog/posts?page=1')).body.data as { title: string }[]).map((p) => p.title);

describe('news in the back office', () => {
  it('a draft is listed here only; published, it is on /blog first and readable by id', async () => {
    const created = await suite.owner.post('/api/v1/admin/news', post());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe('Bozza salvata.');
    const draft = created.body.post;
    expect(draft).toMatchObject({ slug: 'la-pizza-ai-porcini-e-tornata', published: false, version: 0 });
    expect(await publicTitles()).not.toContain('La pizza ai porcini è tornata');
    expect((await suite.visitor().get(`/api/v1/blog/posts/${draft.id}`)).status).toBe(404);
    const listed = await suite.owner.get('/api/v1/admin/news');
    expect(listed.body.items.map((p: { id: number }) => p.id)).toContain(draft.id);

    suite.server.clock.set('2026-11-18T19:00:00+01:00');
    const published = await suite.owner.put(`/api/v1/admin/news/${draft.id}`, post({ published: true, version: draft.version }));
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.message).toBe('Notizia pubblicata.');
    expect(published.body.post.published_at).toBe('2026-11-18T18:00:00.000Z');
    expect((await publicTitles())[0]).toBe('La pizza ai porcini è tornata');
    const read = await suite.visitor().get(`/api/v1/blog/posts/${draft.id}`);
    expect(read.body.data.content).toBe('<p>Porcini freschi dei Monti Simbruini.</p>');

    const register = await suite.owner.get(`/api/v1/admin/audit?entity=post&entity_id=${draft.id}`);
    expect(register.body.entries.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(register.body.entries[0]).toMatchObject({ before: { published: false }, after: { published: true } });

    // Withdrawn, it is a draft again.
    const withdrawn = await suite.owner.put(
      `/api/v1/admin/news/${draft.id}`,
      post({ published: false, version: published.body.post.version }),
    );
    expect(withdrawn.body.message).toBe('Bozza salvata.');
    expect((await suite.visitor().get(`/api/v1/blog/posts/${draft.id}`)).status).toBe(404);
  });

  it('strips <script> and onerror on save: what is stored is what customers may be shown', async () => {
    const created = await suite.owner.post(
      '/api/v1/admin/news',
      post({
        title: 'Orari di Natale',
        content: '<p onclick="steal()">Chiusi il 25.</p><script>alert(1)</script><img src="https://example.com/a.jpg" onerror="alert(2)">',
        published: true,
      }),
    );
    expect(created.status).toBe(201);
    const stored = await suite.server.handle.db
      .selectFrom('blog_posts')
      .select('content')
      .where('id', '=', created.body.post.id)
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe('<p>Chiusi il 25.</p><img src="https://example.com/a.jpg" />');
    expect(stored.content).not.toMatch(/script|onerror|onclick/);
  });

  it('refuses each wrong field with its label, and a body that is only a script, storing nothing', async () => {
    const before = (await suite.owner.get('/api/v1/admin/news')).body.items.length;
    const refused = await suite.owner.post(
      '/api/v1/admin/news',
      post({ title: ' ', description: 'd'.repeat(301), image_url: 'javascript:alert(1)' }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      title: ['Titolo è obbligatorio.'],
      description: ['Descrizione non può superare 300 caratteri.'],
      image_url: ['Immagine ha un formato non valido.'],
    });
    const onlyScript = await suite.owner.post('/api/v1/admin/news', post({ content: '<script>alert(1)</script>' }));
    expect(onlyScript.body.errors).toEqual({ content: ['Testo è obbligatorio.'] });
    expect((await suite.owner.get('/api/v1/admin/news')).body.items).toHaveLength(before);
  });

  it.each(['//other.host/x.png', 'https://other.host/x.png', '/media/../x.png'])(
    'refuses %s as its image: only the site own files',
    async (image_url) => {
      const refused = await suite.owner.post('/api/v1/admin/news', post({ image_url }));
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ image_url: ['Immagine ha un formato non valido.'] });
    },
  );

  it('two titles alike get two slugs; a save on an older version is refused', async () => {
    const first = (await suite.owner.post('/api/v1/admin/news', post({ title: 'Serata speciale' }))).body.post;
    const second = (await suite.owner.post('/api/v1/admin/news', post({ title: 'Serata speciale!' }))).body.post;
    expect([first.slug, second.slug]).toEqual(['serata-speciale', 'serata-speciale-2']);
    expect(
      (await suite.owner.put(`/api/v1/admin/news/${first.id}`, post({ title: 'Serata speciale', version: 0, description: 'Uno' }))).status,
    ).toBe(200);
    const stale = await suite.owner.put(
      `/api/v1/admin/news/${first.id}`,
      post({ title: 'Serata speciale', version: 0, description: 'Due' }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('record.stale');
    expect(stale.body.current.description).toBe('Uno');
  });
});

describe('the news editor and deleting a post', () => {
  /** What the back office's rich-text editor (Tiptap) saves: headings, bold, italic, a link, both lists. */
  const EDITOR_HTML =
    '<h2>Novità</h2><p>Da stasera <strong>porcini freschi</strong> e <em>fior di latte</em>, ' +
    '<a target="_blank" rel="noopener noreferrer nofollow" href="https://www.example.com/porcini">la ricetta</a>.</p>' +
    '<ul><li><p>Margherita</p></li></ul><ol><li><p>Ordina</p></li></ol>';

  const stored = async (id: number) => suite.server.handle.db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();

  const auditActions = async (id: number) =>
    ((await suite.owner.get(`/api/v1/admin/audit?entity=post&entity_id=${id}`)).body.entries as { action: string }[]).map((e) => e.action);

  it("keeps the editor's formatting, and strips a script or onerror pasted into it", async () => {
    const created = await suite.owner.post(
      '/api/v1/admin/news',
      post({
        title: 'Porcini in arrivo',
        content: `${EDITOR_HTML}<p><img src="/media/x.png" onerror="alert(1)"><script>alert(2)</script></p>`,
        published: true,
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await suite.visitor().get(`/api/v1/blog/posts/${created.body.post.id}`);
    expect(read.body.data.content).toContain('<strong>porcini freschi</strong>');
    expect(read.body.data.content).toContain('<em>fior di latte</em>');
    expect(read.body.data.content).toContain('<h2>Novità</h2>');
    expect(read.body.data.content).toContain('<ul><li><p>Margherita</p></li></ul><ol><li><p>Ordina</p></li></ol>');
    expect(read.body.data.content).toContain('href="https://www.example.com/porcini"');
    expect(read.body.data.content).not.toMatch(/script|onerror|alert/);
  });

  it('deletes a draft: gone from the back office, with its row in the register', async () => {
    const draft = (await suite.owner.post('/api/v1/admin/news', post({ title: 'Bozza da eliminare' }))).body.post;
    const removed = await suite.owner.delete(`/api/v1/admin/news/${draft.id}?version=${draft.version}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.message).toBe('Bozza eliminata.');
    expect(await stored(draft.id)).toBeUndefined();
    expect((await suite.owner.get(`/api/v1/admin/news/${draft.id}`)).status).toBe(404);
    expect(await auditActions(draft.id)).toEqual(['delete', 'create']);
    const register = await suite.owner.get(`/api/v1/admin/audit?entity=post&entity_id=${draft.id}`);
    expect(register.body.entries[0]).toMatchObject({ label: 'Bozza da eliminare', before: { title: 'Bozza da eliminare' } });
  });

  it('refuses to delete a published post until it is withdrawn; nothing changes', async () => {
    const published = (await suite.owner.post('/api/v1/admin/news', post({ title: 'Pubblicata, da ritirare', published: true }))).body.post;
    const refused = await suite.owner.delete(`/api/v1/admin/news/${published.id}?version=${published.version}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'record.in_use',
      message: 'Una notizia pubblicata non si può eliminare: ritirala prima.',
    });
    expect(await stored(published.id)).toMatchObject({ published: 1, version: published.version });
    expect(await publicTitles()).toContain('Pubblicata, da ritirare');
    expect(await auditActions(published.id)).toEqual(['create']);

    const withdrawn = (await suite.owner.put(`/api/v1/admin/news/${published.id}`, post({ ...published, published: false }))).body.post;
    expect((await suite.owner.delete(`/api/v1/admin/news/${published.id}?version=${withdrawn.version}`)).status).toBe(200);
    expect(await publicTitles()).not.toContain('Pubblicata, da ritirare');
  });

  it('refuses a delete based on an older version, keeping the post', async () => {
    const draft = (await suite.owner.post('/api/v1/admin/news', post({ title: 'Bozza cambiata' }))).body.post;
    await suite.owner.put(
      `/api/v1/admin/news/${draft.id}`,
      post({ title: 'Bozza cambiata', description: 'Nuova', version: draft.version }),
    );
    const stale = await suite.owner.delete(`/api/v1/admin/news/${draft.id}?version=${draft.version}`);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('record.stale');
    expect(stale.body.current.description).toBe('Nuova');
    expect(await stored(draft.id)).toMatchObject({ title: 'Bozza cambiata', description: 'Nuova' });
    expect(await auditActions(draft.id)).toEqual(['update', 'create']);
  });
});
