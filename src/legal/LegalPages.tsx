/** The static pages' chunk. */
export { TermsPage } from './TermsPage';
export { PrivacyPage } from './PrivacyPage';
export { FaqPage } from './FaqPage';
