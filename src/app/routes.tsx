import { Navigate, type RouteObject } from 'react-router-dom';
import { HomePage } from '../home/HomePage';
import { AdminOnly } from './AdminOnly';
import { Layout } from './Layout';
import { lazyChunk } from './lazyChunk';
import { Placeholder } from './Placeholder';
import { RouteError } from './RouteError';

/** Each area is its own chunk: a customer never downloads the cassa, nor the blog before reading it. */
const blog = lazyChunk('blog', () => import('../blog/BlogPages'));
const legal = lazyChunk('legal', () => import('../legal/LegalPages'));
const auth = lazyChunk('auth', () => import('../auth/AuthPages'));
const cassa = lazyChunk('cassa', () => import('../cassa/CassaPage'));

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    // Shown while the first screen's lazy chunk arrives.
    hydrateFallbackElement: (
      <p className="page-loading" role="status">
        Caricamento in corso...
      </p>
    ),
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'ecommerce',
        children: [
          { index: true, element: <Placeholder title="Menu" /> },
          { path: 'categories', element: <Placeholder title="Categorie" /> },
          { path: 'products', element: <Placeholder title="Prodotti" /> },
          { path: 'cart', element: <Placeholder title="Carrello" /> },
          { path: 'checkout', element: <Placeholder title="Checkout" /> },
          { path: 'ordine-confermato', element: <Placeholder title="Ordine inviato" /> },
          { path: 'termini-e-condizioni', lazy: () => legal().then((m) => ({ Component: m.TermsPage })) },
          { path: 'privacy-policy', lazy: () => legal().then((m) => ({ Component: m.PrivacyPage })) },
          { path: 'domande-frequenti', lazy: () => legal().then((m) => ({ Component: m.FaqPage })) },
        ],
      },
      {
        path: 'blog',
        children: [
          { index: true, lazy: () => blog().then((m) => ({ Component: m.BlogListPage })) },
          { path: ':id/:slug', lazy: () => blog().then((m) => ({ Component: m.BlogPostPage })) },
        ],
      },
      {
        path: 'auth',
        children: [
          { path: 'login', element: <Placeholder title="Accedi" /> },
          { path: 'register', element: <Placeholder title="Registrati" /> },
          { path: 'forgot-password', element: <Placeholder title="Password dimenticata" /> },
          { path: 'reset-password', element: <Placeholder title="Reimposta password" /> },
          { path: 'confirm-required', element: <Placeholder title="Attiva il tuo account" /> },
          { path: 'verify-message', lazy: () => auth().then((m) => ({ Component: m.VerifyMessagePage })) },
          { path: 'account', element: <Placeholder title="Il mio Account" /> },
          { path: 'change-password', element: <Placeholder title="Cambia Password" /> },
        ],
      },
      {
        path: 'cassa',
        element: <AdminOnly />,
        children: [{ index: true, lazy: () => cassa().then((m) => ({ Component: m.CassaPage })) }],
      },
      { path: '*', element: <Navigate to="/ecommerce" replace /> },
    ],
  },
];
