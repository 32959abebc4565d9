import { useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { adminSections, findAdminSection } from './admin-sections';

function tabStyle({ isActive }: { isActive: boolean }): string {
  const base =
    'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-ink';
  return isActive
    ? `${base} bg-brand text-on-brand`
    : `${base} text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800`;
}

export function AdminTabs() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const current = findAdminSection(pathname);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    toggleRef.current?.focus();
  };
  const links = adminSections.map((section) => (
    <li key={section.path}>
      <NavLink
        to={section.path}
        end={section.path === '/admin'}
        className={tabStyle}
        onClick={() => setMenuOpen(false)}
      >
        {section.label}
      </NavLink>
    </li>
  ));

  return (
    <nav
      aria-label="Administration"
      className="border-b border-slate-200 pb-3 dark:border-slate-800"
      onKeyDown={closeOnEscape}
    >
      <button
        ref={toggleRef}
        type="button"
        className="flex w-full items-center justify-between rounded-md border border-slate-300 px-3 py-2 text-sm font-medium md:hidden dark:border-slate-700"
        aria-label={`Admin sections, current: ${current.label}`}
        aria-expanded={menuOpen}
        aria-controls="admin-tab-list"
        onClick={() => setMenuOpen((open) => !open)}
      >
        <span>{current.label}</span>
        <span aria-hidden="true">{menuOpen ? '▲' : '▼'}</span>
      </button>
      <ul
        id="admin-tab-list"
        className={`${menuOpen ? 'mt-2 flex' : 'hidden'} flex-col gap-1 md:mt-0 md:flex md:flex-row md:flex-wrap`}
      >
        {links}
      </ul>
    </nav>
  );
}
