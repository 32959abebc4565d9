import { useId } from 'react';
import { AppSettings, type AppSettingsProps } from './app-settings';
import { Dialog } from '../../../components/ui/dialog';

export interface AppSettingsModalProps extends Pick<AppSettingsProps, 'onHistoryCleared' | 'onAccountDataDeleted'> {
  onClose: () => void;
}

/**
 * App Settings as a modal (spec section 2): Escape, a click on the backdrop or Back closes it.
 * Mount it only while open: `{open ? <AppSettingsModal onClose={() => setOpen(false)} /> : null}`.
 */
export function AppSettingsModal({ onClose, ...rest }: AppSettingsModalProps) {
  const titleId = useId();
  return (
    <Dialog title="App Settings" labelledBy={titleId} onClose={onClose} panelClassName="max-w-2xl">
      <AppSettings variant="modal" titleId={titleId} onBack={onClose} {...rest} />
    </Dialog>
  );
}
