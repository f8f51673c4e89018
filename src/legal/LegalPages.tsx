import { withAriaRouter } from '../ui/AriaRouter';
import { FaqPage } from './FaqPage';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

/** The static pages' chunk: its pages as routes.tsx shows them. */
export const pages = withAriaRouter({ TermsPage, PrivacyPage, FaqPage });
