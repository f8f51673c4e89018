import { usePageTitle } from '../ui/usePageTitle';

/** A screen whose issue is still open: the route resolves and says where you are. */
export function Placeholder({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="page page--narrow">
      <h1>{title}</h1>
    </section>
  );
}
