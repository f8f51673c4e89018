import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { isSamePage } from '../ui/samePage';

/**
 * A new page starts at the top (links, the blog's arrows); Back and Forward leave the scroll to the
 * browser, which restores where the visitor was; a change marked SAME_PAGE leaves it alone.
 */
export function ScrollToTop() {
  const { pathname, search, state } = useLocation();
  const navigationType = useNavigationType();
  const keepScroll = isSamePage(state);
  useLayoutEffect(() => {
    if (navigationType !== 'POP' && !keepScroll) window.scrollTo(0, 0);
  }, [pathname, search, navigationType, keepScroll]);
  return null;
}
