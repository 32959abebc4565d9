import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const configuration = require('../.dependency-cruiser.cjs');

type CruiseOutput = { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };

async function violationsIn(
  files: string[],
  options: Record<string, unknown> = configuration.options,
): Promise<string[]> {
  const result = await cruise(files, {
    ...options,
    validate: true,
    ruleSet: { forbidden: configuration.forbidden },
  });
  return (result.output as CruiseOutput).summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`,
  );
}

describe('architecture', () => {
  it('keeps dependencies pointing one way (contracts <- server, web; gateway free of HTTP and database; models called through the metered calls)', async () => {
    expect(await violationsIn(['src'])).toEqual([]);
  }, 60_000);

  it('refuses a model call made around the metered calls: any other module importing the gateway’s model-calling parts', async () => {
    // A tree laid out like ours, so the rule's paths apply to it as they do to src.
    const root = await mkdtemp(path.join(tmpdir(), 'tokenwise-architecture-'));
    const write = async (file: string, text: string) => {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    };
    try {
      await write('src/gateway/model-calling.ts', "export { createModelGateway } from './providers/model-gateway';\n");
      await write('src/gateway/providers/model-gateway.ts', 'export const createModelGateway = () => ({});\n');
      await write('src/gateway/catalog/model-catalog.ts', 'export const modelCatalog = [];\n');
      await write('src/server/metered-calls/model-gateways.ts', "import '../../gateway/model-calling';\n");
      await write('src/server/conversations/around.ts', "import '../../gateway/model-calling';\n");
      await write('src/server/routing/reaching-in.ts', "import '../../gateway/providers/model-gateway';\n");
      await write('src/server/routing/catalog-reader.ts', "import '../../gateway/catalog/model-catalog';\n");
      const cwd = process.cwd();
      process.chdir(root);
      let violations: string[];
      try {
        violations = await violationsIn(['src'], { tsPreCompilationDeps: true });
      } finally {
        process.chdir(cwd);
      }
      expect(violations.sort()).toEqual([
        'models-called-through-metered-calls: src/server/conversations/around.ts -> src/gateway/model-calling.ts',
        'models-called-through-metered-calls: src/server/routing/reaching-in.ts -> src/gateway/providers/model-gateway.ts',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('keeps the money module free of our other code, which all may import it', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'tokenwise-architecture-'));
    const write = async (file: string, text: string) => {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    };
    try {
      await write('src/contracts/currency.ts', 'export const currency = "USD";\n');
      await write('src/money/amounts.ts', "import './rounding';\nexport const zero = 0n;\n");
      await write('src/money/rounding.ts', 'export const half = 5n;\n');
      await write('src/money/reaching-out.ts', "import '../contracts/currency';\n");
      await write('src/web/show.ts', "import '../money/amounts';\n");
      await write('src/gateway/price.ts', "import '../money/amounts';\n");
      const cwd = process.cwd();
      process.chdir(root);
      let violations: string[];
      try {
        violations = await violationsIn(['src'], { tsPreCompilationDeps: true });
      } finally {
        process.chdir(cwd);
      }
      expect(violations).toEqual(['money-stands-alone: src/money/reaching-out.ts -> src/contracts/currency.ts']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);
});
