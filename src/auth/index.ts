// The auth area's public entry: what other areas (the checkout's step 1) may use. The pages stay in
// their lazy chunk (src/auth/AuthPages.tsx).
export { LoginForm, type AuthFormProps } from './LoginForm';
export { RegisterForm } from './RegisterForm';
export { GuestOnly, RequireUser } from './guards';
export { loginHref, returnToFrom } from '../ui/returnTo';
