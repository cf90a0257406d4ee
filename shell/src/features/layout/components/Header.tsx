import { useClientState } from '@study/client-state';
import { readStudyConfig } from '@study/ui';
import type { CSSProperties } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { navItems } from '../nav-items';
import { useHeaderAlpha } from '../use-header-alpha';

export function Header() {
  const alpha = useHeaderAlpha();
  const { pathname } = useLocation();
  const hasStudyId = useClientState((state) => state.pgId !== null);
  const { studyName } = readStudyConfig();
  const items = navItems(pathname, hasStudyId);
  return (
    <header className="site-header" style={{ '--header-alpha': alpha } as CSSProperties}>
      <div className="site-header__inner">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true" />
          <span className="brand__name">{studyName}</span>
        </Link>
        {/* No links on the study team's pages (their own navigation is on the page): no empty landmark either. */}
        {items.length > 0 && (
          <nav aria-label="Main">
            <ul className="nav">
              {items.map((item) => (
                <li key={item.to}>
                  {item.to.includes('#') ? (
                    <Link className="nav__link" to={item.to}>
                      {item.label}
                    </Link>
                  ) : (
                    <NavLink className="nav__link" to={item.to}>
                      {item.label}
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </header>
  );
}
