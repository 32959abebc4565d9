import { Highlight, Prism, themes } from 'prism-react-renderer';
import { useCopyToClipboard } from '../../hooks/use-copy-to-clipboard';
import { codeLanguageOf } from './code-language';
import { useExtraGrammars } from './prism-languages';

const codeCopyConfirmationMs = 1200;

/**
 * A fenced code block: language label, line numbers and a copy button (spec section 2). The
 * fence's language, or one guessed from the code when the fence names none, is highlighted when
 * Prism knows it.
 */
export function CodeBlock({ code, language: fenceLanguage }: { code: string; language: string }) {
  const { copied, copy } = useCopyToClipboard(codeCopyConfirmationMs);
  useExtraGrammars();
  const { label: language, grammar: wanted } = codeLanguageOf(fenceLanguage, code);
  const grammar = Prism.languages[wanted] ? wanted : 'text';
  return (
    <figure
      className="my-3 overflow-hidden rounded-lg border border-slate-700 bg-slate-900 text-sm"
      aria-label={`${language} code`}
      data-language={grammar}
    >
      <figcaption className="flex items-center justify-between bg-slate-800 px-3 py-1 text-xs text-slate-300">
        <span>{language}</span>
        <button type="button" className="rounded px-2 py-0.5 hover:bg-slate-700" onClick={() => void copy(code)}>
          {copied ? 'Copied!' : 'Copy code'}
        </button>
      </figcaption>
      <Highlight code={code} language={grammar} theme={themes.vsDark}>
        {({ tokens, getLineProps, getTokenProps }) => (
          <pre className="overflow-x-auto p-3">
            {tokens.map((line, lineIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the line number is the line's identity; lines are re-tokenised from the code as a whole
              <div key={lineIndex} {...getLineProps({ line })}>
                <span className="mr-4 inline-block w-6 text-right text-slate-500 select-none" aria-hidden="true">
                  {lineIndex + 1}
                </span>
                {line.map((token, tokenIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a token's position in its line is its identity; tokens have no id of their own
                  <span key={tokenIndex} {...getTokenProps({ token })} />
                ))}
              </div>
            ))}
          </pre>
        )}
      </Highlight>
    </figure>
  );
}
