import { messages } from '@contracts';
import { Link } from 'react-router';
import { buttonStyle } from '../../../components/ui/button';

export function AccessDenied() {
  return (
    <section className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Access Denied</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{messages.accessDenied}</p>
      <Link to="/chat" className={buttonStyle('primary', 'mt-6')}>
        Back to Chat
      </Link>
    </section>
  );
}
