import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const configuration = require('../.dependency-cruiser.cjs');
const domainMap: DomainMap = require('./server/domain-map.cjs');
const { domainRules, mapCycles, mapProblems } = require('./server/domain-rules.cjs') as {
  domainRules: (map: DomainMap, root?: string) => IForbiddenRuleType[];
  mapCycles: (map: Pick<DomainMap, 'domains'>) => string[][];
  mapProblems: (map: DomainMap) => string[];
};

type DomainMap = {
  layers: string[];
  domains: Record<string, { layer: string; owns: string; imports: string[] }>;
};

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

  it('maps every folder of src/server to one domain, with imports that point down the layers and round in no cycle', async () => {
    const folders = (await readdir('src/server', { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(domainMap.domains).sort()).toEqual(folders);
    expect(mapProblems(domainMap)).toEqual([]);
  });

  it('finds no cycle among the folders of src/server in the code itself', async () => {
    const result = await cruise(['src/server'], { ...configuration.options, validate: false });
    const modules = (result.output as { modules: { source: string; dependencies: { resolved: string }[] }[] }).modules;
    const domainOf = (file: string) => /^src\/server\/([^/]+)\//.exec(file)?.[1];
    const domains: DomainMap['domains'] = {};
    for (const module of modules) {
      const from = domainOf(module.source);
      if (!from) continue;
      domains[from] ??= { layer: '', owns: '', imports: [] };
      for (const dependency of module.dependencies) {
        const to = domainOf(dependency.resolved);
        if (to && to !== from && !domains[from].imports.includes(to)) domains[from].imports.push(to);
      }
    }
    expect(Object.keys(domains).length).toBeGreaterThan(20);
    expect(mapCycles({ domains })).toEqual([]);
    expect(mapCycles({ domains: { ...domains, db: { layer: '', owns: '', imports: ['program-api'] } } })).not.toEqual(
      [],
    );
  }, 60_000);

  it('refuses a domain map that rounds in a cycle, names an unknown domain or imports a higher layer', () => {
    const map: DomainMap = {
      layers: ['low', 'high'],
      domains: {
        ledger: { layer: 'low', owns: 'the books', imports: ['accounts'] },
        accounts: { layer: 'low', owns: 'the people', imports: ['ledger'] },
        reports: { layer: 'high', owns: 'the charts', imports: ['ledger', 'weather'] },
        basement: { layer: 'low', owns: 'the floor', imports: ['reports'] },
      },
    };
    expect(mapProblems(map)).toEqual([
      'reports imports weather, which is no domain',
      'basement (low) imports reports of a higher layer (high)',
      'cycle: ledger -> accounts -> ledger',
    ]);
    const mended: DomainMap = {
      layers: ['low', 'high'],
      domains: {
        ledger: { layer: 'low', owns: 'the books', imports: ['accounts'] },
        accounts: { layer: 'low', owns: 'the people', imports: [] },
        reports: { layer: 'high', owns: 'the charts', imports: ['ledger'] },
        basement: { layer: 'low', owns: 'the floor', imports: [] },
      },
    };
    expect(mapProblems(mended)).toEqual([]);
  });

  it('refuses an import between domains the map does not allow, a folder not in the map and a domain importing the composition', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'tokenwise-architecture-'));
    const write = async (file: string, text: string) => {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    };
    const map: DomainMap = {
      layers: ['low', 'high'],
      domains: {
        ledger: { layer: 'low', owns: 'the books', imports: [] },
        reports: { layer: 'high', owns: 'the charts', imports: ['ledger'] },
      },
    };
    const violationsInTree = async () => {
      const cwd = process.cwd();
      process.chdir(root);
      try {
        const result = await cruise(['src'], {
          tsPreCompilationDeps: true,
          validate: true,
          ruleSet: { forbidden: domainRules(map) },
        });
        return (result.output as CruiseOutput).summary.violations
          .map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`)
          .sort();
      } finally {
        process.chdir(cwd);
      }
    };
    try {
      await write('src/server/app.ts', "import './reports/chart';\n");
      await write('src/server/ledger/entry.ts', "import '../reports/chart';\nimport '../app';\n");
      await write('src/server/ledger/old-total.ts', "import '../reports/chart';\n");
      await write('src/server/reports/chart.ts', "import '../ledger/balance';\n");
      await write('src/server/ledger/balance.ts', 'export const balance = 0;\n');
      await write('src/server/stray/thing.ts', "import '../ledger/balance';\n");
      expect(await violationsInTree()).toEqual([
        'domain-ledger: src/server/ledger/entry.ts -> src/server/reports/chart.ts',
        'domain-ledger: src/server/ledger/old-total.ts -> src/server/reports/chart.ts',
        'domain-not-composition: src/server/ledger/entry.ts -> src/server/app.ts',
        'domain-unmapped: src/server/stray/thing.ts -> src/server/ledger/balance.ts',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);
});
