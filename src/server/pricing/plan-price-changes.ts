import type { PriceVersion } from './price-book';
import type { NewPriceVersion } from './price-repository';
import { PricesFileError, type PriceEntry } from './prices-file';

/**
 * The versions a prices file adds to the book: an entry already in it (the same prices from the same
 * time) or equal to the model's newest version adds nothing, so applying a file again changes
 * nothing; any other is a new version, effective from its time (the moment applied when it has
 * none), which must be neither in the past nor before the model's newest version.
 */
export function planPriceChanges(
  entries: readonly PriceEntry[],
  versions: readonly PriceVersion[],
  now: Date,
  source: string,
): NewPriceVersion[] {
  const byModel = new Map<string, PriceVersion[]>();
  for (const version of versions) byModel.set(version.modelId, [...(byModel.get(version.modelId) ?? []), version]);
  for (const list of byModel.values()) list.sort((first, second) => first.version - second.version);
  const problems: string[] = [];
  const planned: NewPriceVersion[] = [];
  // Entries of one model in time order, so a file may list a change and a later one.
  const ordered = [...entries].sort(
    (first, second) => (first.effectiveFrom ?? now).getTime() - (second.effectiveFrom ?? now).getTime(),
  );
  for (const entry of ordered) {
    const list = byModel.get(entry.modelId) ?? [];
    const latest = list[list.length - 1];
    const samePrices = (version: Pick<PriceVersion, 'input' | 'cachedInput' | 'output'>) =>
      version.input === entry.input && version.cachedInput === entry.cachedInput && version.output === entry.output;
    const at = entry.effectiveFrom;
    const sameTime = at && list.find((version) => version.effectiveFrom.getTime() === at.getTime());
    if (sameTime) {
      if (!samePrices(sameTime))
        problems.push(
          `${entry.modelId}: version ${sameTime.version} already starts at ${at.toISOString()} with other prices; versions are never changed, give the new price a later time`,
        );
      continue;
    }
    if (latest && samePrices(latest)) continue;
    const effectiveFrom = at ?? now;
    if (effectiveFrom.getTime() < now.getTime()) {
      problems.push(
        `${entry.modelId}: effective from ${effectiveFrom.toISOString()}, in the past; calls already charged keep their price, so a change starts now or later (leave "effectiveFrom" out for now)`,
      );
      continue;
    }
    if (latest && effectiveFrom.getTime() <= latest.effectiveFrom.getTime()) {
      problems.push(
        `${entry.modelId}: effective from ${effectiveFrom.toISOString()}, not after version ${latest.version} (effective from ${latest.effectiveFrom.toISOString()})`,
      );
      continue;
    }
    const next: NewPriceVersion = {
      modelId: entry.modelId,
      version: (latest?.version ?? 0) + 1,
      input: entry.input,
      cachedInput: entry.cachedInput,
      output: entry.output,
      effectiveFrom,
      source,
    };
    planned.push(next);
    byModel.set(entry.modelId, [...list, { ...next, id: '' }]);
  }
  if (problems.length > 0) throw new PricesFileError(problems);
  return planned;
}
