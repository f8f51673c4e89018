import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { HomePage } from '../home/HomePage';
import { AdminOnly } from './AdminOnly';
import { AdminGate } from './StaffOnly';
import { Layout } from './Layout';
import { lazyChunk, lazyPage } from '../ui/lazyChunk';
import { firstScreen, type FirstScreenChunk } from './firstScreens';
import { RouteErrorBoundary } from './RouteError';

/**
 * Each area is its own chunk: a customer never downloads the cassa, nor the blog before reading it.
 * Declarative routes (no loaders: the machines load data) keep the router ~19 KB gzip lighter than
 * its data mode. Each area's chunk exports its `pages`, inside react-aria's router (src/ui/AriaRouter.tsx).
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

const BlogListPage = lazyPage(blog, (m) => m.pages.BlogListPage);
const BlogPostPage = lazyPage(blog, (m) => m.pages.BlogPostPage);
const TermsPage = lazyPage(legal, (m) => m.pages.TermsPage);
const PrivacyPage = lazyPage(legal, (m) => m.pages.PrivacyPage);
const FaqPage = lazyPage(legal, (m) => m.pages.FaqPage);
const LoginPage = lazyPage(auth, (m) => m.pages.LoginPage);
const RegisterPage = lazyPage(auth, (m) => m.pages.RegisterPage);
const ForgotPasswordPage = lazyPage(auth, (m) => m.pages.ForgotPasswordPage);
const ResetPasswordPage = lazyPage(auth, (m) => m.pages.ResetPasswordPage);
const ConfirmRequiredPage = lazyPage(auth, (m) => m.pages.ConfirmRequiredPage);
const VerifyMessagePage = lazyPage(auth, (m) => m.pages.VerifyMessagePage);
const MenuPage = lazyPage(menu, (m) => m.pages.MenuPage);
const CategoriesPage = lazyPage(menu, (m) => m.pages.CategoriesPage);
const ProductsPage = lazyPage(menu, (m) => m.pages.ProductsPage);
const AllergenPage = lazyPage(allergens, (m) => m.pages.AllergenPage);
const CartPage = lazyPage(cart, (m) => m.pages.CartPage);
const CheckoutPage = lazyPage(checkout, (m) => m.pages.CheckoutPage);
const ConfirmationPage = lazyPage(checkout, (m) => m.pages.ConfirmationPage);
const AccountPage = lazyPage(auth, (m) => m.pages.AccountPage);
const ChangePasswordPage = lazyPage(auth, (m) => m.pages.ChangePasswordPage);
const CassaPage = lazyPage(cassa, (m) => m.pages.CassaPage);
const TrackingPage = lazyPage(tracking, (m) => m.pages.TrackingPage);
const AdminArea = lazyPage(admin, (m) => m.pages.AdminArea);

const FIRST_SCREEN_CHUNKS: Record<FirstScreenChunk, () => Promise<unknown>> = { blog, menu, allergens, legal, cart, auth };

/** Loads the chunk of the page `pathname` shows first, so hydration finds it loaded (no fallback over the server's HTML). */
export async function loadFirstScreen(pathname: string): Promise<void> {
  const { chunk } = firstScreen(pathname);
  if (chunk) await FIRST_SCREEN_CHUNKS[chunk]();
}

/** Loads every chunk of the pages the server renders: it renders them whole, never a fallback. */
export async function loadServerRenderedChunks(): Promise<void> {
  await Promise.all([blog(), menu(), allergens(), legal()]);
}

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
