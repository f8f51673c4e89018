import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { Button, Link } from 'react-aria-components';
import { formatLongDate } from '../ui/format';
import { usePageTitle } from '../ui/usePageTitle';
import { PostCard } from './PostCard';
import { isLoadingPage, useBlog, useBlogPageInUrl } from './useBlog';

/** /blog?page=N — ten posts a page, newest first. The page number lives in the URL and the machine. */
export function BlogListPage() {
  const blog = useBlog();
  useBlogPageInUrl(blog);
  const { posts, currentPage, totalPages } = useSelector(blog, (s) => s.context);
  const loading = useSelector(blog, isLoadingPage);
  const canPrevious = useSelector(blog, (s) => s.can({ type: 'page.previous' }));
  const canNext = useSelector(blog, (s) => s.can({ type: 'page.next' }));
  usePageTitle('Ultime notizie');

  return (
    <section className="page">
      <h1>Ultime notizie</h1>
      <div className="post-grid" aria-busy={loading}>
        {posts.map((post) => (
          <PostCard key={post.id} post={post} headingLevel={2} />
        ))}
      </div>
      {!loading && posts.length === 0 && <p>Nessuna notizia per ora.</p>}
      <nav className="pager" aria-label="Pagine delle notizie">
        <Button
          className="pager__arrow"
          aria-label="Pagina precedente"
          isDisabled={!canPrevious}
          onPress={() => blog.send({ type: 'page.previous' })}
        >
          ‹
        </Button>
        <span className="pager__label" aria-live="polite">
          Pagina {currentPage} di {totalPages}
        </span>
        <Button
          className="pager__arrow"
          aria-label="Pagina successiva"
          isDisabled={!canNext}
          onPress={() => blog.send({ type: 'page.next' })}
        >
          ›
        </Button>
      </nav>
    </section>
  );
}

/** /blog/:id/:slug — one post with its (server-sanitised) HTML body. */
export function BlogPostPage() {
  const blog = useBlog();
  const id = Number.parseInt(useParams().id ?? '', 10);
  const post = useSelector(blog, (s) => s.context.selectedPost);
  const missing = useSelector(blog, (s) => s.matches('postMissing'));
  usePageTitle(post?.title ?? 'Notizie');

  useEffect(() => {
    blog.send({ type: 'post.load', id });
  }, [blog, id]);

  return (
    <article className="page page--narrow post">
      {post ? (
        <>
          <h1>{post.title}</h1>
          {post.image_url && <img className="post__image" src={post.image_url} alt="" width="800" height="450" />}
          {/* The server sanitises post HTML (server/blog/blog.service.ts) before it leaves. */}
          <div className="post__body" dangerouslySetInnerHTML={{ __html: post.content }} />
          <p className="post__date">
            Pubblicato il: <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time>
          </p>
        </>
      ) : missing ? (
        <h1>Articolo non trovato</h1>
      ) : (
        <p role="status">Caricamento in corso...</p>
      )}
      <Link href="/blog" className="back-link">
        Torna all&apos;elenco
      </Link>
    </article>
  );
}
