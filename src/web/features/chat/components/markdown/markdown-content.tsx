import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './code-block';

const components: Components = {
  // The block renders its own <pre>; keeping react-markdown's would nest two.
  pre: ({ children }) => <>{children}</>,
  code({ className, children }) {
    const language = /language-([\w+#-]+)/.exec(className ?? '')?.[1];
    const text = textOf(children);
    if (!language && !text.includes('\n'))
      return <code className="rounded bg-slate-200 px-1 py-0.5 text-[0.9em] dark:bg-slate-700">{children}</code>;
    return <CodeBlock code={text.replace(/\n$/, '')} language={language ?? ''} />;
  },
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noreferrer noopener" className="text-brand-ink underline">
      {children}
    </a>
  ),
};

function textOf(children: ReactNode): string {
  if (typeof children === 'string') return children;
  if (Array.isArray(children)) return children.map(textOf).join('');
  return '';
}

/** Assistant replies: GitHub-flavoured markdown; raw HTML is never rendered (no rehype-raw). */
export function MarkdownContent({ text }: { text: string }) {
  return (
    <div className="chat-markdown space-y-2 leading-relaxed break-words [&_ol]:list-decimal [&_ol]:pl-6 [&_table]:border-collapse [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-6 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-bold [&_h3]:font-semibold [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:opacity-80">
      <Markdown remarkPlugins={[remarkGfm]} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
