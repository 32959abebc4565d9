import { createSeededRandom, shuffled } from './seeded-random';

export interface FoldMember {
  /** Members of one group always share a fold (both turns of an MT-Bench question, duplicate prompts). */
  group: string;
  /** Each stratum (a benchmark) is spread evenly over the folds. */
  stratum: string;
}

/**
 * Assigns every member a fold in 0..folds-1: within each stratum the distinct groups are sorted,
 * shuffled with the seed and dealt round-robin, so the split depends only on the data and the seed.
 */
export function assignGroupedFolds(members: readonly FoldMember[], folds: number, seed: number): number[] {
  if (!Number.isInteger(folds) || folds < 2) throw new Error('Cross-validation needs at least two folds');
  const random = createSeededRandom(seed);
  const foldOfGroup = new Map<string, number>();
  const strata = [...new Set(members.map((member) => member.stratum))].sort();
  for (const stratum of strata) {
    const groups = [
      ...new Set(members.filter((member) => member.stratum === stratum).map((member) => member.group)),
    ].sort();
    shuffled(groups, random).forEach((group, index) => {
      if (foldOfGroup.has(group)) throw new Error(`Group ${group} spans more than one stratum`);
      foldOfGroup.set(group, index % folds);
    });
  }
  return members.map((member) => foldOfGroup.get(member.group)!);
}
