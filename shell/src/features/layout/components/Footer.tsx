import { Link } from 'react-router-dom';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__about">
          A research study on the genetics of personality type. Genetic data is shared by participants through{' '}
          <a href="https://www.openhumans.org" target="_blank" rel="noreferrer">
            Open Humans
          </a>
          .
        </p>
        <nav aria-label="Footer">
          <ul className="footer-nav">
            <li>
              <Link to="/about">About the researcher</Link>
            </li>
            <li>
              <Link to="/terms">Terms of use</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
