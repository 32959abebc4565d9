/** A scope's block holds up to 4,096 vectors: 8 MiB at 512 dimensions, allocated whole once full size. */
const blockVectors = 4096;
/** A new scope starts small (most scopes, follow-up turns, hold a handful of entries) and doubles. */
const firstBlockVectors = 16;

interface Neighbour {
  id: string;
  similarity: number;
}

/**
 * The vectors of one organisation's scope, as Float32 in contiguous blocks, searched exhaustively
 * (exact cosine similarity of unit vectors). Slots are dense: removing one moves the last into it.
 */
export interface ScopeVectors {
  readonly dimensions: number;
  readonly size: number;
  /** Bytes allocated for vectors (ids and expiry times come on top, about 100 bytes an entry). */
  readonly bytes: number;
  has(id: string): boolean;
  /** Adds a vector (normalised on the way in); false when the id is already present. */
  add(id: string, vector: Float32Array, expiresAtMs: number): boolean;
  remove(id: string): boolean;
  /** The `count` most similar unexpired vectors to a unit `query`, best first. */
  nearest(query: Float32Array, count: number, nowMs: number): Neighbour[];
}

export function createScopeVectors(dimensions: number): ScopeVectors {
  const blocks: Float32Array[] = [];
  const ids: string[] = [];
  const expiries: number[] = [];
  const slots = new Map<string, number>();

  const blockOf = (slot: number) => blocks[Math.floor(slot / blockVectors)]!;
  const offsetOf = (slot: number) => (slot % blockVectors) * dimensions;

  function ensureRoomFor(slot: number): void {
    const blockIndex = Math.floor(slot / blockVectors);
    if (blockIndex === blocks.length) {
      blocks.push(new Float32Array((blockIndex === 0 ? firstBlockVectors : blockVectors) * dimensions));
      return;
    }
    const block = blocks[blockIndex]!;
    if (block.length > offsetOf(slot)) return;
    // Only the first block grows by doubling; later blocks are allocated at full size.
    const grown = new Float32Array(Math.min(blockVectors, (block.length / dimensions) * 2) * dimensions);
    grown.set(block);
    blocks[blockIndex] = grown;
  }

  return {
    dimensions,
    get size() {
      return ids.length;
    },
    get bytes() {
      return blocks.reduce((sum, block) => sum + block.byteLength, 0);
    },
    has: (id) => slots.has(id),
    add(id, vector, expiresAtMs) {
      if (vector.length !== dimensions)
        throw new Error(`Expected a vector of ${dimensions} dimensions, got ${vector.length}`);
      if (slots.has(id)) return false;
      const slot = ids.length;
      ensureRoomFor(slot);
      const block = blockOf(slot);
      const offset = offsetOf(slot);
      const length = Math.sqrt(dot(vector, 0, vector, dimensions)) || 1;
      for (let index = 0; index < dimensions; index += 1) block[offset + index] = vector[index]! / length;
      ids.push(id);
      expiries.push(expiresAtMs);
      slots.set(id, slot);
      return true;
    },
    remove(id) {
      const slot = slots.get(id);
      if (slot === undefined) return false;
      const last = ids.length - 1;
      if (slot !== last) {
        const lastId = ids[last]!;
        blockOf(slot).set(blockOf(last).subarray(offsetOf(last), offsetOf(last) + dimensions), offsetOf(slot));
        ids[slot] = lastId;
        expiries[slot] = expiries[last]!;
        slots.set(lastId, slot);
      }
      ids.pop();
      expiries.pop();
      slots.delete(id);
      // Give the last block back once it is empty and half a block more is free (no churn at the edge).
      if (blocks.length > 1 && ids.length + blockVectors / 2 <= (blocks.length - 1) * blockVectors) blocks.pop();
      return true;
    },
    nearest(query, count, nowMs) {
      if (query.length !== dimensions)
        throw new Error(`Expected a query of ${dimensions} dimensions, got ${query.length}`);
      const best = createTopList(count);
      for (let blockIndex = 0; blockIndex < blocks.length; blockIndex += 1) {
        const block = blocks[blockIndex]!;
        const first = blockIndex * blockVectors;
        const end = Math.min(ids.length - first, blockVectors);
        for (let index = 0; index < end; index += 1) {
          if (expiries[first + index]! <= nowMs) continue;
          best.offer(first + index, dot(block, index * dimensions, query, dimensions));
        }
      }
      return best.sorted().map(({ slot, score }) => ({ id: ids[slot]!, similarity: score }));
    },
  };
}

/** Dot product of `length` floats of `data` from `offset` with `query`; four accumulators let the JIT pipeline the loop. */
function dot(data: Float32Array, offset: number, query: Float32Array, length: number): number {
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  let index = 0;
  for (; index + 3 < length; index += 4) {
    sum0 += data[offset + index]! * query[index]!;
    sum1 += data[offset + index + 1]! * query[index + 1]!;
    sum2 += data[offset + index + 2]! * query[index + 2]!;
    sum3 += data[offset + index + 3]! * query[index + 3]!;
  }
  for (; index < length; index += 1) sum0 += data[offset + index]! * query[index]!;
  return sum0 + sum1 + sum2 + sum3;
}

/** Keeps the `capacity` highest scores seen, in a sorted array (capacity is small: k plus a margin). */
function createTopList(capacity: number) {
  const slots: number[] = [];
  const scores: number[] = [];
  return {
    offer(slot: number, score: number) {
      if (capacity <= 0 || (scores.length === capacity && score <= scores[capacity - 1]!)) return;
      let position = scores.length === capacity ? capacity - 1 : scores.length;
      while (position > 0 && scores[position - 1]! < score) {
        scores[position] = scores[position - 1]!;
        slots[position] = slots[position - 1]!;
        position -= 1;
      }
      scores[position] = score;
      slots[position] = slot;
    },
    sorted: () => slots.map((slot, index) => ({ slot, score: scores[index]! })),
  };
}
