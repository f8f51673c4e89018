import { useSearchParams } from 'react-router-dom';
import { Link } from 'react-aria-components';
import { usePageTitle } from '../ui/usePageTitle';

/** Where the e-mail verification link lands: the server's outcome travels in `message`. */
export function VerifyMessagePage() {
  const [params] = useSearchParams();
  const message = params.get('message');
  usePageTitle('Verifica email');
  return (
    <section className="page page--narrow">
      <h1>Verifica email</h1>
      {message && (
        <p className="notice" role="status">
          {message}
        </p>
      )}
      <Link href="/auth/login" className="button button--primary">
        Accedi
      </Link>
    </section>
  );
}
