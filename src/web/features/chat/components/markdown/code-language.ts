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

/** Lines that give a language away, strongest first; the first language with a match wins. */
const tells: [language: string, pattern: RegExp][] = [
  ['json', /^\s*[{[][\s\S]*[}\]]\s*$/],
  ['markup', /^\s*<(!doctype|html|div|span|svg|\?xml|[a-z]+[\s>])/i],
  ['cpp', /^\s*#include\s*[<"]|\bstd::/m],
  ['rust', /^\s*(pub\s+)?fn\s+\w+\s*[<(]|\blet\s+mut\b|\bimpl\b.*\{|println!\(/m],
  ['go', /^\s*package\s+\w+\s*$|^\s*func\s+(\(\w+\s+\*?\w+\)\s*)?\w+\(|\bfmt\.Print/m],
  ['csharp', /^\s*using\s+System|\bConsole\.Write(Line)?\(|\bnamespace\s+\w+(\.\w+)*\s*\{?\s*$/m],
  ['java', /\bpublic\s+(static\s+)?(class|void)\b|\bSystem\.out\.print/m],
  ['php', /^\s*<\?php|\$\w+\s*=.*;\s*$/m],
  [
    'python',
    /^\s*(def|class)\s+\w+.*:\s*$|^\s*(from\s+[\w.]+\s+)?import\s+\w+(\s+as\s+\w+)?\s*$|^\s*print\(|^\s*if __name__ ==|^\s*(elif|except)\b.*:\s*$/m,
  ],
  ['typescript', /^\s*(export\s+)?(interface|type)\s+\w+.*[={]|:\s*(string|number|boolean)(\[\])?\s*[,;)=]/m],
  [
    'javascript',
    /^\s*(const|let|var)\s+\w+\s*=|=>|\bfunction\s*\w*\s*\(|console\.log\(|^\s*import\s+.*\s+from\s+['"]|require\(['"]/m,
  ],
  ['sql', /^\s*(SELECT|INSERT\s+INTO|UPDATE|DELETE\s+FROM|CREATE\s+(TABLE|INDEX|VIEW))\b/im],
  [
    'bash',
    /^\s*(\$\s+)?(sudo|apt(-get)?|npm|npx|pip3?|git|cd|ls|echo|export|curl|wget|docker|brew|chmod|mkdir)\s|^#!\/(usr\/)?bin\/(env\s+)?(ba)?sh/m,
  ],
  ['css', /^\s*[.#]?[\w-]+(\s*[.#:>+~]?[\w-]+)*\s*\{\s*$[\s\S]*^\s*[\w-]+\s*:\s*[^;]+;/m],
  ['yaml', /^[\w-]+:\s*\S*\s*$[\s\S]*^\s+[\w-]+:\s/m],
];

export interface CodeLanguage {
  /** What the block's caption says: the fence's own word, else the language guessed. */
  label: string;
  /** The grammar to highlight with (aliases folded); 'text' for none. */
  grammar: string;
}

export function codeLanguageOf(fenceLabel: string | undefined, code: string): CodeLanguage {
  const label = fenceLabel?.trim();
  if (label) return { label, grammar: aliases[label.toLowerCase()] ?? label.toLowerCase() };
  const guessed =
    tells.find(([language, pattern]) => (language === 'json' ? isJson(code) : pattern.test(code)))?.[0] ?? 'text';
  return { label: guessed === 'markup' ? 'html' : guessed, grammar: guessed };
}

function isJson(code: string): boolean {
  const trimmed = code.trim();
  if (!/^[{[]/.test(trimmed)) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}
