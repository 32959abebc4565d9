import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe('architecture', () => {
  it('keeps dependencies pointing one way (contracts <- server, web; gateway free of HTTP and database)', async () => {
    const configuration = require('../.dependency-cruiser.cjs');
    const result = await cruise(['src'], {
      ...configuration.options,
      validate: true,
      ruleSet: { forbidden: configuration.forbidden },
    });
    const output = result.output as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
    const violations = output.summary.violations.map(
      (violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`,
    );
    expect(violations).toEqual([]);
  }, 60_000);
});
