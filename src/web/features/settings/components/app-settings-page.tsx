import { useNavigate, useSearchParams } from 'react-router';
import { AppSettings } from './app-settings';

/** /settings/app: the same settings as the modal, full page; Back returns to the chat. */
export function AppSettingsPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <AppSettings variant="page" initialTab={searchParams.get('tab')} onBack={() => void navigate('/chat')} />
    </div>
  );
}
