import { useState } from 'react';
import { Link } from 'react-router';
import { ThemeToggle } from '../../components/theme/theme-toggle';
import { navLinkStyle, navPrimaryStyle } from './nav-link-style';

export function SignedOutActions() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  return (
    <>
      <div className="flex items-center gap-1">
        <ThemeToggle />
        <div className="hidden items-center gap-1 md:flex">
          <Link to="/pricing" className={navLinkStyle}>
            Pricing
          </Link>
          <Link to="/login" className={navLinkStyle}>
            Login
          </Link>
          <Link to="/signup" className={navPrimaryStyle}>
            Sign Up
          </Link>
        </div>
        <button
          type="button"
          className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-ink md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
          aria-expanded={menuOpen}
          aria-controls="mobile-navigation"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path strokeLinecap="round" d={menuOpen ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} />
          </svg>
        </button>
      </div>
      {menuOpen ? (
        <nav
          id="mobile-navigation"
          aria-label="Mobile"
          className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 py-3 shadow-md md:hidden dark:border-slate-800 dark:bg-slate-950"
        >
          <ul className="flex flex-col gap-1">
            <li>
              <Link to="/pricing" className={`block ${navLinkStyle}`} onClick={closeMenu}>
                Pricing
              </Link>
            </li>
            <li>
              <Link to="/login" className={`block ${navLinkStyle}`} onClick={closeMenu}>
                Login
              </Link>
            </li>
            <li>
              <Link to="/signup" className={`block text-center ${navPrimaryStyle}`} onClick={closeMenu}>
                Sign Up
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}
    </>
  );
}
