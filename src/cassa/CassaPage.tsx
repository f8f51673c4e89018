import { usePageTitle } from '../ui/usePageTitle';

/** The cash desk screen (its own chunk, loaded only by staff). */
export function CassaPage() {
  usePageTitle('Cassa');
  return (
    <section className="page">
      <h1>Cassa</h1>
    </section>
  );
}
