import { codeTells, linesOf } from './code-tells';

/**
 * Which language a fenced code block is in: the fence's own label when it names one (aliases
 * folded: `sh` is bash, `py` python...), otherwise a guess from the code itself, so an unlabelled
 * block is still highlighted. The guess is a short list of lines only one language writes; when
 * nothing is telling, the block stays plain text rather than being coloured wrongly.
 */
const aliases: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  shellsession: 'bash',
  py: 'python',
  python3: 'python',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cs: 'csharp',
  'c#': 'csharp',
  'c++': 'cpp',
  cc: 'cpp',
  hpp: 'cpp',
  rs: 'rust',
  golang: 'go',
  rb: 'ruby',
  kt: 'kotlin',
  yml: 'yaml',
  md: 'markdown',
  html: 'markup',
  xml: 'markup',
  svg: 'markup',
  ps1: 'powershell',
  pwsh: 'powershell',
  dockerfile: 'docker',
  plaintext: 'text',
  txt: 'text',
  plain: 'text',
};

export interface CodeLanguage {
  /** What the block's caption says: the fence's own word, else the language guessed. */
  label: string;
  /** The grammar to highlight with (aliases folded); 'text' for none. */
  grammar: string;
}

export function codeLanguageOf(fenceLabel: string | undefined, code: string): CodeLanguage {
  const label = fenceLabel?.trim();
  if (label) return { label, grammar: aliases[label.toLowerCase()] ?? label.toLowerCase() };
  const lines = linesOf(code);
  const guessed = codeTells.find(([, tell]) => tell(code, lines))?.[0] ?? 'text';
  return { label: guessed === 'markup' ? 'html' : guessed, grammar: guessed };
}
