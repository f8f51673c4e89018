// The blog's public entry: what other areas (the home page's latest news) may use. Not the pages:
// they stay in their lazy chunk.
export { PostCard } from './PostCard';
export { useBlogList } from './useBlog';
