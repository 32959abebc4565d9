import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One regular expression written in the source: where it is and what it says. */
export interface FoundRegularExpression {
  /** `path:line` relative to the project root. */
  location: string;
  source: string;
  flags: string;
}

/** A `new RegExp(...)` whose pattern is not known until run time, so no checker can read it. */
export interface DynamicRegularExpression {
  location: string;
  text: string;
}

export interface RegularExpressionInventory {
  found: FoundRegularExpression[];
  dynamic: DynamicRegularExpression[];
}

const sourceFilePattern = /\.tsx?$/;
const testFilePattern = /\.test\.tsx?$/;

/** Every TypeScript file under the folders, tests left out (their patterns never see a user's text). */
export function listSourceFiles(projectRoot: string, folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (sourceFilePattern.test(entry.name) && !testFilePattern.test(entry.name)) files.push(full);
    }
  };
  for (const folder of folders) walk(path.join(projectRoot, folder));
  return files.sort();
}

/**
 * The regular expressions of the files, read with the TypeScript compiler: every literal, and every
 * `RegExp(...)` / `new RegExp(...)` whose pattern and flags are strings known from the file alone
 * (literals, templates and `+` of such strings and of the file's `const` strings). Any other
 * construction is listed as dynamic.
 */
export function findRegularExpressions(projectRoot: string, files: readonly string[]): RegularExpressionInventory {
  const inventory: RegularExpressionInventory = { found: [], dynamic: [] };
  for (const file of files) {
    const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const constants = constantStrings(sourceFile);
    const locationOf = (node: ts.Node) =>
      `${path.relative(projectRoot, file)}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText();
        const lastSlash = text.lastIndexOf('/');
        inventory.found.push({
          location: locationOf(node),
          source: text.slice(1, lastSlash),
          flags: text.slice(lastSlash + 1),
        });
      } else if (isRegExpConstruction(node)) {
        const [patternArgument, flagsArgument] = node.arguments ?? [];
        const source = patternArgument ? staticString(patternArgument, constants) : undefined;
        const flags = flagsArgument ? staticString(flagsArgument, constants) : '';
        if (source !== undefined && flags !== undefined)
          inventory.found.push({ location: locationOf(node), source, flags });
        else inventory.dynamic.push({ location: locationOf(node), text: node.getText() });
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return inventory;
}

function isRegExpConstruction(node: ts.Node): node is ts.NewExpression | ts.CallExpression {
  return (
    (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'RegExp'
  );
}

/** The file's top-level and nested `const NAME = <static string>` declarations. */
function constantStrings(sourceFile: ts.SourceFile): Map<string, ts.Expression> {
  const constants = new Map<string, ts.Expression>();
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isVariableDeclarationList(node.parent) &&
      (node.parent.flags & ts.NodeFlags.Const) !== 0
    ) {
      constants.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return constants;
}

function staticString(
  node: ts.Expression,
  constants: ReadonlyMap<string, ts.Expression>,
  seen: ReadonlySet<string> = new Set(),
): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node)) return staticString(node.expression, constants, seen);
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const value = staticString(span.expression, constants, seen);
      if (value === undefined) return undefined;
      text += value + span.literal.text;
    }
    return text;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = staticString(node.left, constants, seen);
    const right = left === undefined ? undefined : staticString(node.right, constants, seen);
    return left === undefined || right === undefined ? undefined : left + right;
  }
  if (ts.isIdentifier(node) && !seen.has(node.text)) {
    const initializer = constants.get(node.text);
    return initializer ? staticString(initializer, constants, new Set([...seen, node.text])) : undefined;
  }
  return undefined;
}
