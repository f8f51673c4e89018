import { Link } from 'react-aria-components';
import type { PostSummary } from '../../machines/blog.machine';
import { formatLongDate } from '../ui/format';

export function PostCard({ post }: { post: PostSummary }) {
  return (
    <article className="post-card">
      {post.image_url ? (
        <img src={post.image_url} alt="" width="400" height="225" loading="lazy" />
      ) : (
        <div className="post-card__placeholder" />
      )}
      <div className="post-card__body">
        <h3 className="post-card__title clamp-1">
          <Link href={`/blog/${post.id}/${post.slug}`}>{post.title}</Link>
        </h3>
        <p className="post-card__description clamp-3">{post.description}</p>
        <p className="post-card__date">
          <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time>
        </p>
      </div>
    </article>
  );
}
