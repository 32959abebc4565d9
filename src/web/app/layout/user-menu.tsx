import type { User } from '@contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { useTheme } from '../../components/theme/theme-context';
import { MoonIcon, SunIcon } from '../../components/theme/theme-toggle';
import { logoutToastId, useToast } from '../../components/toast/toast-context';
import { useAuth } from '../../features/auth/hooks/use-auth';

const itemStyle =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white';

export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const { logout } = useAuth();
  const { resolvedTheme, toggleTheme } = useTheme();
  const toast = useToast();
  const initial = (user.username.trim()[0] ?? '?').toUpperCase();

  async function signOut() {
    await logout();
    toast.success('Successfully logged out', { id: logoutToastId, keepOnNavigation: true });
    await navigate('/', { replace: true });
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full p-1 pr-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-ink dark:hover:bg-slate-800">
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-brand text-sm font-semibold text-on-brand"
        >
          {initial}
        </span>
        {/* The name comes from what the button shows, the username first (WCAG 2.5.3); on a phone the username is for screen readers only. */}
        {/* The username's box is the hidden text's containing block, so it is clipped with a long username rather than placed past the window's edge (a sideways scroll at 1280 px). */}
        <span className="sr-only sm:not-sr-only">
          <span className="relative inline-block max-w-32 truncate align-middle text-sm font-medium">
            {user.username}
            <span className="sr-only">, open user menu</span>
          </span>
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block text-sm font-semibold text-slate-900 dark:text-white">{user.username}</span>
            <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item className={itemStyle} onSelect={() => void navigate('/profile/settings')}>
            Profile Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemStyle} onSelect={() => void navigate('/settings/app')}>
            App Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemStyle} onSelect={toggleTheme}>
            {resolvedTheme === 'dark' ? <SunIcon /> : <MoonIcon />}
            {resolvedTheme === 'dark' ? 'Light mode' : 'Dark mode'}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item className={itemStyle} onSelect={() => void signOut()}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
