// The benchmark's negatives and split come from the router's seeded generator, the same on every run.
export { createSeededRandom, shuffled } from '../../src/gateway/routing/training/seeded-random';

export function pick<T>(items: readonly T[], random: () => number): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(random() * items.length)]!;
}
