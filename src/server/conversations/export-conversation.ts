import type { ChatSessionWithMessages } from '../../contracts';

const exportFormats = ['markdown', 'json'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The conversation as a Markdown document: title, then each turn with its author and time. */
function conversationToMarkdown(session: ChatSessionWithMessages): string {
  const turns = session.messages.map((message) => {
    const author = message.role === 'user' ? 'You' : `Assistant${message.model ? ` (${message.model})` : ''}`;
    const note = message.status === 'complete' ? '' : ` — ${message.status}`;
    return `### ${author} · ${message.created_at}${note}\n\n${message.content}\n`;
  });
  return [`# ${session.title}`, '', `Started ${session.created_at}`, '', ...turns].join('\n');
}

/** A download of the conversation in one format, with a file name from its title. */
export function exportFile(
  session: ChatSessionWithMessages,
  format: ExportFormat,
): { body: string; contentType: string; fileName: string } {
  const base =
    session.title
      .replace(/\.\.\.$/, '')
      .replace(/[^\w -]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60) || 'conversation';
  return format === 'json'
    ? {
        body: JSON.stringify(session, null, 2),
        contentType: 'application/json; charset=utf-8',
        fileName: `${base}.json`,
      }
    : { body: conversationToMarkdown(session), contentType: 'text/markdown; charset=utf-8', fileName: `${base}.md` };
}
