import { Link } from 'react-router';
import { NewsletterForm } from './newsletter-form';
import { salesEmail } from '@contracts';

// One sales address for the footer, the pricing page's Contact sales and the server's refusals.

const socialLink = 'https://www.linkedin.com/company/tokenwise';

const footerLinkStyle = 'text-sm text-slate-600 hover:text-indigo-600 dark:text-slate-400 dark:hover:text-indigo-400';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 px-4 py-12 sm:px-6 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-10 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-slate-900 dark:text-white">Tokenwise</p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Multi-model AI chat for organisations, with cost routing, usage billing and administration.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Contact</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={`mailto:${salesEmail}`} className={footerLinkStyle}>
                Talk to sales: {salesEmail}
              </a>
            </li>
            <li>
              <a href={socialLink} target="_blank" rel="noreferrer noopener" className={footerLinkStyle}>
                Follow us on LinkedIn
              </a>
            </li>
            <li className="flex gap-4">
              <Link to="/pricing" className={footerLinkStyle}>
                Pricing
              </Link>
              <Link to="/privacy-policy" className={footerLinkStyle}>
                Privacy Policy
              </Link>
              <Link to="/terms" className={footerLinkStyle}>
                Terms
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Newsletter</h2>
          <p className="mt-2 mb-3 text-sm text-slate-600 dark:text-slate-400">
            Product news and cost-saving tips, once a month.
          </p>
          <NewsletterForm />
        </div>
      </div>
      <p className="mx-auto mt-10 max-w-6xl text-xs text-slate-600 dark:text-slate-400">
        © {new Date().getFullYear()} Tokenwise. All rights reserved.
      </p>
    </footer>
  );
}
