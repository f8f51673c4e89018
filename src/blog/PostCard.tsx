import { Link } from 'react-router-dom';
import type { PostSummary } from '../../machines/blogList.machine';
import { formatLongDate } from '../ui/format';

/**
 * A post's card; its title is one level below the section it sits in (h2 on the blog list, h3 on home).
 * `isFirstScreen`: its image is what the first screen paints largest, so it loads at once, first.
 */
export function PostCard({
  post,
  headingLevel = 3,
  isFirstScreen = false,
}: {
  post: PostSummary;
  headingLevel?: 2 | 3;
  isFirstScreen?: boolean;
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="post-card">
      {post.image_url ? (
        <img
          src={post.image_url}
          alt=""
          width="400"
          height="225"
          loading={isFirstScreen ? 'eager' : 'lazy'}
          fetchPriority={isFirstScreen ? 'high' : 'auto'}
        />
      ) : (
        <div className="post-card__placeholder" />
      )}
      <div className="post-card__body">
        <Title className="post-card__title clamp-1">
          <Link to={`/blog/${post.id}/${post.slug}`}>{post.title}</Link>
        </Title>
        <p className="post-card__description clamp-3">{post.description}</p>
        <p className="post-card__date">
          <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time>
        </p>
      </div>
    </article>
  );
}
