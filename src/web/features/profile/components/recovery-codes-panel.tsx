import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';

const downloadName = 'tokenwise-recovery-codes.txt';

function downloadCodes(codes: readonly string[]) {
  const text = `Tokenwise two-factor recovery codes\nEach code signs you in once in place of your authenticator app.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * A new set of recovery codes, shown this once (the server keeps only their hashes): copy or
 * download them, confirm they are saved, then continue.
 */
export function RecoveryCodesPanel({
  codes,
  doneLabel,
  onDone,
}: {
  codes: readonly string[];
  doneLabel: string;
  onDone: () => void;
}) {
  const headingId = useId();
  const [saved, setSaved] = useState(false);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950"
    >
      <h3 id={headingId} className="font-semibold text-slate-900 dark:text-white">
        Save your recovery codes
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        If you lose your authenticator app, each code signs you in once instead of a code from the app. Keep them
        somewhere safe: they are shown only now.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-1 rounded-md bg-white p-3 font-mono text-sm text-slate-900 sm:grid-cols-2 dark:bg-slate-900 dark:text-slate-100"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="secondary" onClick={() => downloadCodes(codes)}>
          Download
        </Button>
        <span role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {copyState === 'copied'
            ? 'Copied!'
            : copyState === 'failed'
              ? 'Copying failed: select the codes instead.'
              : ''}
        </span>
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
        />
        I have saved these codes somewhere safe.
      </label>
      <Button disabled={!saved} onClick={onDone}>
        {doneLabel}
      </Button>
    </section>
  );
}
