import { parseArgs } from 'node:util';

/** Reads a replay command's options; a missing or malformed one throws with the usage line. */
export function readReplayArguments<Name extends string>(
  usage: string,
  options: Record<Name, { default?: string; required?: boolean }>,
  argv = process.argv.slice(2),
): Record<Name, string> {
  let values: Record<string, string | undefined>;
  try {
    const parsed = parseArgs({
      args: argv,
      options: Object.fromEntries(Object.keys(options).map((name) => [name, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
    });
    values = parsed.values as Record<string, string | undefined>;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${usage}`);
  }
  const result = {} as Record<Name, string>;
  for (const [name, option] of Object.entries(options) as [Name, { default?: string; required?: boolean }][]) {
    const value = values[name] ?? option.default;
    if (value === undefined) throw new Error(`missing --${name}\n${usage}`);
    result[name] = value;
  }
  return result;
}

/** A number option within bounds, or an error naming the option. */
export function numberOption(name: string, text: string, minimum: number, maximum: number): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < minimum || value > maximum)
    throw new Error(`--${name} must be a number from ${minimum} to ${maximum}, not ${JSON.stringify(text)}`);
  return value;
}
