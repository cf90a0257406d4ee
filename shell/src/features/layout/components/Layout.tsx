import { documentTitle } from '@study/ui';
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { pageTitleFor } from '../page-titles';
import { Footer } from './Footer';
import { Header } from './Header';

/** A new page starts at its top, unless the link points at a section (#anchor) of it. */
function useScrollToTopOnPageChange() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/** The tab says where the person is: 'Consent · <study name>'. */
function useDocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pageTitleFor(pathname));
  }, [pathname]);
}

export interface LayoutProps {
  /** Shown under the header on every page (the notices). */
  overlay?: ReactNode;
}

export function Layout({ overlay }: LayoutProps) {
  useScrollToTopOnPageChange();
  useDocumentTitle();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      {overlay}
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
