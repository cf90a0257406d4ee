import type { CSSProperties } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useHeaderAlpha } from '../use-header-alpha';

export function Header() {
  const alpha = useHeaderAlpha();
  return (
    <header className="site-header" style={{ '--header-alpha': alpha } as CSSProperties}>
      <div className="site-header__inner">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true" />
          <span className="brand__name">Personality Genetics</span>
        </Link>
        <nav aria-label="Main">
          <ul className="nav">
            <li>
              <Link className="nav__link" to="/#howitworks">
                How it works
              </Link>
            </li>
            <li>
              <NavLink className="nav__link" to="/survey">
                Dashboard
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
