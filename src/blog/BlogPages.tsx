import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { Button, Link } from 'react-aria-components';
import { connectBlogList } from '../../machines/blogList.machine';
import { connectBlogPost } from '../../machines/blogPost.machine';
import { useView } from '../actors/AppActors';
import { formatLongDate } from '../ui/format';
import { usePageHead } from '../ui/usePageHead';
import { usePageTitle } from '../ui/usePageTitle';
import { PostCard } from './PostCard';
import { blogPageHref, parsePageParam } from '../domain';
import { useBlogList, useReplacePageInUrl } from './useBlog';
import { useBlogPost } from './useBlogPost';
import { withAriaRouter } from '../ui/AriaRouter';

/** /blog?page=N — ten posts a page, newest first. The URL owns the page; a URL naming none is corrected in place. */
function BlogListPage() {
  const param = useSearchParams()[0].get('page');
  const { page, isCanonical } = parsePageParam(param);
  usePageHead({ page: 'blog' });
  if (!isCanonical) return <Navigate to={blogPageHref(page)} replace />;
  return <BlogList page={page} />;
}

function BlogList({ page }: { page: number }) {
  const blog = useBlogList(page, useReplacePageInUrl());
  const view = useView(blog, connectBlogList);
  return (
    <section className="page">
      <h1>Ultime notizie</h1>
      <div className="post-grid" aria-busy={view.isLoading}>
        {view.posts.map((post) => (
          <PostCard key={post.id} post={post} headingLevel={2} isFirstScreen={post === view.posts[0]} />
        ))}
      </div>
      {view.emptyMessage && <p>{view.emptyMessage}</p>}
      {view.failure && <LoadFailure {...view.failure} />}
      <nav className="pager" aria-label="Pagine delle notizie">
        <PagerArrow page={view.previousPage} label="Pagina precedente" symbol="‹" />
        <span className="pager__label" aria-live="polite">
          {view.pageLabel}
        </span>
        <PagerArrow page={view.nextPage} label="Pagina successiva" symbol="›" />
      </nav>
    </section>
  );
}

/** A load that failed (network, server): what happened and a way to try again. */
function LoadFailure({ message, retryButton }: { message: string; retryButton: { onPress: () => void } }) {
  return (
    <p className="notice notice--error">
      {message}{' '}
      <Button className="button button--secondary" {...retryButton}>
        Riprova
      </Button>
    </p>
  );
}

/** An arrow is a real link to its page (so Back, new tabs and reloads work), disabled when there is none. */
function PagerArrow({ page, label, symbol }: { page: number | null; label: string; symbol: string }) {
  return (
    <Link className="pager__arrow" aria-label={label} href={page ? blogPageHref(page) : undefined} isDisabled={page === null}>
      {symbol}
    </Link>
  );
}

/** /blog/:id/:slug — one post with its (server-sanitised) HTML body. */
function BlogPostPage() {
  const id = Number(useParams().id);
  return <BlogPost key={id} id={id} />;
}

function BlogPost({ id }: { id: number }) {
  const view = useView(useBlogPost(id), connectBlogPost);
  usePageTitle(view.pageTitle);
  const { post } = view;
  // The same title once the post is here, with its description and canonical link.
  usePageHead(post ? { page: 'post', id } : null, post);
  return (
    <article className="page page--narrow post">
      {post ? (
        <>
          <h1>{post.title}</h1>
          {post.image_url && <img className="post__image" src={post.image_url} alt="" width="800" height="450" fetchPriority="high" />}
          {/* The server sanitises post HTML (server/blog/blog.service.ts) before it leaves. */}
          <div className="post__body" dangerouslySetInnerHTML={{ __html: post.content }} />
          <p className="post__date">
            Pubblicato il: <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time>
          </p>
        </>
      ) : (
        view.title && <h1>{view.title}</h1>
      )}
      {view.loadingMessage && <p role="status">{view.loadingMessage}</p>}
      {view.failure && <LoadFailure {...view.failure} />}
      <Link href="/blog" className="back-link">
        Torna all&apos;elenco
      </Link>
    </article>
  );
}

/** The pages routes.tsx shows. */
export const pages = withAriaRouter({ BlogListPage, BlogPostPage });
