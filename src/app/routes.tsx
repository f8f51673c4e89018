import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { HomePage } from '../home/HomePage';
import { AdminOnly } from './AdminOnly';
import { AdminGate } from './StaffOnly';
import { Layout } from './Layout';
import { lazyChunk } from '../ui/lazyChunk';
import { RouteErrorBoundary } from './RouteError';

/**
 * Each area is its own chunk: a customer never downloads the cassa, nor the blog before reading it.
 * Declarative routes (no loaders: the machines load data) keep the router ~19 KB gzip lighter than
 * its data mode.
 */
const blog = lazyChunk('blog', () => import('../blog/BlogPages'));
const legal = lazyChunk('legal', () => import('../legal/LegalPages'));
const auth = lazyChunk('auth', () => import('../auth/AuthPages'));
const cassa = lazyChunk('cassa', () => import('../cassa/CassaPage'));
const menu = lazyChunk('menu', () => import('../menu/MenuPages'));
const cart = lazyChunk('cart', () => import('../cart/CartPage'));
const checkout = lazyChunk('checkout', () => import('../checkout/CheckoutPages'));
const admin = lazyChunk('admin', () => import('../admin/AdminPages'));
// The allergen table: its own small chunk, printed at the counter as often as read on a phone.
const allergens = lazyChunk('allergens', () => import('../menu/AllergenPage'));
const tracking = lazyChunk('tracking', () => import('../tracking/TrackingPage'));

const BlogListPage = lazy(() => blog().then((m) => ({ default: m.BlogListPage })));
const BlogPostPage = lazy(() => blog().then((m) => ({ default: m.BlogPostPage })));
const TermsPage = lazy(() => legal().then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => legal().then((m) => ({ default: m.PrivacyPage })));
const FaqPage = lazy(() => legal().then((m) => ({ default: m.FaqPage })));
const LoginPage = lazy(() => auth().then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => auth().then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() => auth().then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => auth().then((m) => ({ default: m.ResetPasswordPage })));
const ConfirmRequiredPage = lazy(() => auth().then((m) => ({ default: m.ConfirmRequiredPage })));
const VerifyMessagePage = lazy(() => auth().then((m) => ({ default: m.VerifyMessagePage })));
const MenuPage = lazy(() => menu().then((m) => ({ default: m.MenuPage })));
const CategoriesPage = lazy(() => menu().then((m) => ({ default: m.CategoriesPage })));
const ProductsPage = lazy(() => menu().then((m) => ({ default: m.ProductsPage })));
const AllergenPage = lazy(allergens);
const CartPage = lazy(() => cart().then((m) => ({ default: m.CartPage })));
const CheckoutPage = lazy(() => checkout().then((m) => ({ default: m.CheckoutPage })));
const ConfirmationPage = lazy(() => checkout().then((m) => ({ default: m.ConfirmationPage })));
const AccountPage = lazy(() => auth().then((m) => ({ default: m.AccountPage })));
const ChangePasswordPage = lazy(() => auth().then((m) => ({ default: m.ChangePasswordPage })));
const CassaPage = lazy(() => cassa().then((m) => ({ default: m.CassaPage })));
const TrackingPage = lazy(() => tracking().then((m) => ({ default: m.TrackingPage })));
const AdminArea = lazy(() => admin().then((m) => ({ default: m.AdminArea })));

/**
 * The site's routes. The only Suspense boundary is around the whole layout: the first screen
 * appears whole once its chunk has arrived (nothing moves), and later navigations, which the
 * router runs as transitions, keep the current page on screen until the next one is ready. A page
 * that cannot render (a chunk gone after a deploy) shows RouteError instead.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense
        fallback={
          <p className="page-loading" role="status">
            Caricamento in corso...
          </p>
        }
      >
        <Routes>
          <Route element={<Layout />}>
            <Route index element={<HomePage />} />
            <Route path="ecommerce">
              <Route index element={<MenuPage />} />
              <Route path="categories" element={<CategoriesPage />} />
              <Route path="products" element={<ProductsPage />} />
              <Route path="allergeni" element={<AllergenPage />} />
              <Route path="cart" element={<CartPage />} />
              <Route path="checkout" element={<CheckoutPage />} />
              <Route path="ordine-confermato" element={<ConfirmationPage />} />
              <Route path="termini-e-condizioni" element={<TermsPage />} />
              <Route path="privacy-policy" element={<PrivacyPage />} />
              <Route path="domande-frequenti" element={<FaqPage />} />
            </Route>
            <Route path="ordine/:token" element={<TrackingPage />} />
            <Route path="blog">
              <Route index element={<BlogListPage />} />
              <Route path=":id/:slug" element={<BlogPostPage />} />
            </Route>
            <Route path="auth">
              <Route path="login" element={<LoginPage />} />
              <Route path="register" element={<RegisterPage />} />
              <Route path="forgot-password" element={<ForgotPasswordPage />} />
              <Route path="reset-password" element={<ResetPasswordPage />} />
              <Route path="confirm-required" element={<ConfirmRequiredPage />} />
              <Route path="verify-message" element={<VerifyMessagePage />} />
              <Route path="account" element={<AccountPage />} />
              <Route path="change-password" element={<ChangePasswordPage />} />
            </Route>
            <Route path="cassa" element={<AdminOnly />}>
              <Route index element={<CassaPage />} />
            </Route>
            <Route path="admin" element={<AdminOnly />}>
              <Route index element={<Navigate to="/admin/menu" replace />} />
              <Route
                path="*"
                element={
                  <AdminGate>
                    <AdminArea />
                  </AdminGate>
                }
              />
            </Route>
            <Route path="*" element={<Navigate to="/ecommerce" replace />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
