import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { chatShortcuts } from '../lib/chat-shortcuts';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The help dialog listing the chat's keyboard shortcuts (Ctrl+/ or ?). */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose}>
      <table className="mt-3 w-full text-sm">
        <tbody>
          {chatShortcuts.map((shortcut) => (
            <tr key={shortcut.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
              <td className="py-2 pr-3 text-slate-700 dark:text-slate-200">{shortcut.description}</td>
              <td className="py-2 text-right whitespace-nowrap">
                {shortcut.keys.map((combination, index) => (
                  <span key={combination.join('+')}>
                    {index > 0 ? <span className="px-1 text-slate-500">or</span> : null}
                    {combination.map((key) => (
                      <kbd
                        key={key}
                        className="mx-0.5 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
                      >
                        {key === 'Ctrl' && isMac ? '⌘' : key}
                      </kbd>
                    ))}
                  </span>
                ))}
              </td>
            </tr>
          ))}
          <tr>
            <td className="py-2 pr-3 text-slate-700 dark:text-slate-200">Close what is open</td>
            <td className="py-2 text-right">
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
                Esc
              </kbd>
            </td>
          </tr>
        </tbody>
      </table>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
