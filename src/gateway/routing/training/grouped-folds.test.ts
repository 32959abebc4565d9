import { describe, expect, it } from 'vitest';
import { assignGroupedFolds, type FoldMember } from './grouped-folds';

const members: FoldMember[] = [
  ...Array.from({ length: 10 }, (_, question) =>
    [1, 2].map(() => ({ group: `mt:${question}`, stratum: 'mt-bench' })),
  ).flat(),
  ...Array.from({ length: 50 }, (_, index) => ({ group: `prompt:${index % 40}`, stratum: 'mmlu' })),
];

describe('grouped folds', () => {
  const folds = assignGroupedFolds(members, 5, 7);

  it('keeps every group in one fold', () => {
    const foldsOfGroup = new Map<string, Set<number>>();
    members.forEach((member, index) => {
      foldsOfGroup.set(member.group, (foldsOfGroup.get(member.group) ?? new Set()).add(folds[index]!));
    });
    for (const seen of foldsOfGroup.values()) expect(seen.size).toBe(1);
  });

  it('spreads each stratum evenly: the ten questions two to a fold', () => {
    const questionFolds = members.flatMap((member, index) => (member.stratum === 'mt-bench' ? [folds[index]!] : []));
    for (let fold = 0; fold < 5; fold += 1) expect(questionFolds.filter((value) => value === fold)).toHaveLength(4);
  });

  it('depends only on the data and the seed', () => {
    expect(assignGroupedFolds([...members].reverse(), 5, 7)).toEqual([...folds].reverse());
    expect(assignGroupedFolds(members, 5, 8)).not.toEqual(folds);
  });

  it('needs at least two folds', () => {
    expect(() => assignGroupedFolds(members, 1, 7)).toThrow(/two folds/);
  });
});
