/**
 * Lines that give a language away, strongest first; the first language with a tell wins. The
 * code is a model's reply, any length, and this runs as it is shown, so every check is linear:
 * a pattern that must hold on one line is tried on each line (anchored at its start, where the
 * block-wide `^\s*` ran over every following blank line from each line start), and "this, then
 * that further along the line" is two searches instead of a `.*` re-read from every occurrence
 * (issue 20: ReDoS-checked in CI).
 */
type Tell = (code: string, lines: readonly string[]) => boolean;

const inCode =
  (pattern: RegExp): Tell =>
  (code) =>
    pattern.test(code);
const onALine =
  (pattern: RegExp): Tell =>
  (_code, lines) =>
    lines.some((line) => pattern.test(line));
/** A line with `first` and, further along it, `then`. */
const onALineThen =
  (first: RegExp, then: RegExp): Tell =>
  (_code, lines) =>
    lines.some((line) => {
      const found = first.exec(line);
      return found !== null && then.test(line.slice(found.index + found[0].length));
    });
const anyOf =
  (...tells: Tell[]): Tell =>
  (code, lines) =>
    tells.some((tell) => tell(code, lines));
/** A line matching `opening`, and a later line matching `later`. */
const thenOnALaterLine =
  (opening: RegExp, later: (line: string, index: number, lines: readonly string[]) => boolean): Tell =>
  (_code, lines) => {
    const first = lines.findIndex((line) => opening.test(line));
    return first >= 0 && lines.some((line, index) => index > first && later(line, index, lines));
  };

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

/** A YAML key on a line of its own after the first: indented, or after a blank line. */
const yamlKey = /^\s*[\w-]+:(?:\s|$)/;
const isIndentedYamlKey = (line: string, index: number, lines: readonly string[]) =>
  yamlKey.test(line) &&
  (/^\s/.test(line) || /^\s*$/.test(lines[index - 1]!)) &&
  // The key's colon is followed by a space, or by the line break to the next line.
  (/:\s/.test(line) || index < lines.length - 1);

export const codeTells: readonly [language: string, tell: Tell][] = [
  ['json', (code) => isJson(code)],
  ['markup', inCode(/^\s*<(!doctype|html|div|span|svg|\?xml|[a-z]+[\s>])/i)],
  ['cpp', anyOf(onALine(/^\s*#include\s*[<"]/), inCode(/\bstd::/))],
  [
    'rust',
    anyOf(
      onALine(/^\s*(pub\s+)?fn\s+\w+\s*[<(]/),
      inCode(/\blet\s+mut\b/),
      onALineThen(/\bimpl\b/, /\{/),
      inCode(/println!\(/),
    ),
  ],
  [
    'go',
    anyOf(onALine(/^\s*package\s+\w+\s*$/), onALine(/^\s*func\s+(\(\w+\s+\*?\w+\)\s*)?\w+\(/), inCode(/\bfmt\.Print/)),
  ],
  [
    'csharp',
    anyOf(
      onALine(/^\s*using\s+System/),
      inCode(/\bConsole\.Write(Line)?\(/),
      onALine(/\bnamespace\s+\w+(\.\w+)*\s*(\{\s*)?$/),
    ),
  ],
  ['java', inCode(/\bpublic\s+(static\s+)?(class|void)\b|\bSystem\.out\.print/)],
  ['php', anyOf(onALine(/^\s*<\?php/), onALineThen(/\$\w+\s*=/, /;\s*$/))],
  [
    'python',
    onALine(
      /^\s*(def|class)\s+\w.*:\s*$|^\s*(from\s+[\w.]+\s+)?import\s+\w+(\s+as\s+\w+)?\s*$|^\s*print\(|^\s*if __name__ ==|^\s*(elif|except)\b.*:\s*$/,
    ),
  ],
  [
    'typescript',
    anyOf(
      onALine(/^\s*(export\s+)?(interface|type)\s+\w.*[={]/),
      inCode(/:\s*(string|number|boolean)(\[\])?\s*[,;)=]/),
    ),
  ],
  [
    'javascript',
    anyOf(
      onALine(/^\s*(const|let|var)\s+\w+\s*=|^\s*import\s.*\sfrom\s+['"]/),
      inCode(/=>|\bfunction\s*(\w+\s*)?\(|console\.log\(|require\(['"]/),
    ),
  ],
  ['sql', onALine(/^\s*(SELECT|INSERT\s+INTO|UPDATE|DELETE\s+FROM|CREATE\s+(TABLE|INDEX|VIEW))\b/i)],
  [
    'bash',
    onALine(
      /^\s*(\$\s+)?(sudo|apt(-get)?|npm|npx|pip3?|git|cd|ls|echo|export|curl|wget|docker|brew|chmod|mkdir)(\s|$)|^#!\/(usr\/)?bin\/(env\s+)?(ba)?sh/,
    ),
  ],
  [
    'css',
    thenOnALaterLine(/^\s*[.#]?[\w-]+((\s+[.#:>+~]?|[.#:>+~])[\w-]+)*\s*\{\s*$/, (line) =>
      /^\s*[\w-]+\s*:[^;]+;/.test(line),
    ),
  ],
  ['yaml', thenOnALaterLine(/^[\w-]+:\s*(\S+\s*)?$/, isIndentedYamlKey)],
];

/** The code's lines, split where a multi-line pattern's `^` and `$` would see a line end. */
export function linesOf(code: string): string[] {
  return code.split(/\r\n|[\n\r\u2028\u2029]/);
}
