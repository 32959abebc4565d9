import { Prism } from 'prism-react-renderer';
import { useSyncExternalStore } from 'react';

/**
 * Grammars beyond prism-react-renderer's built-in set, for languages models often write (shell,
 * Java, C#, PHP, Ruby...). Prism's language files register themselves on a global `Prism`, so
 * that global is set to the renderer's own Prism first and the files are imported after it, one
 * by one (some build on others: PHP on markup-templating). A bundler may run static imports in
 * any order, hence the dynamic imports; blocks re-render once the grammars are in.
 */
let loaded = false;
const listeners = new Set<() => void>();
let _loading: Promise<void> | undefined;

async function loadGrammars(): Promise<void> {
  (globalThis as { Prism?: typeof Prism }).Prism = Prism;
  await import('prismjs/components/prism-bash');
  await import('prismjs/components/prism-java');
  await import('prismjs/components/prism-csharp');
  await import('prismjs/components/prism-markup-templating');
  await import('prismjs/components/prism-php');
  await import('prismjs/components/prism-ruby');
  await import('prismjs/components/prism-powershell');
  await import('prismjs/components/prism-docker');
  await import('prismjs/components/prism-toml');
  await import('prismjs/components/prism-ini');
  await import('prismjs/components/prism-diff');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  _loading ??= loadGrammars()
    .catch(() => undefined)
    .finally(() => {
      loaded = true;
      for (const notify of listeners) notify();
    });
  return () => listeners.delete(listener);
}

/** True once the extra grammars are registered (or failed to load: the block then stays plain). */
export function useExtraGrammars(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => false,
  );
}
