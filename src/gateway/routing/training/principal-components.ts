/**
 * The leading principal directions of weighted rows (subspace iteration on the covariance, a
 * fixed start: deterministic). Projecting a 512-d sentence embedding on a few of them keeps its
 * broad topic (code, maths, writing) and drops the detail a linear model would memorise.
 */
export interface Projection {
  mean: number[];
  /** components[k] is a unit vector in the input space. */
  components: number[][];
}

export function principalComponents(
  rows: readonly ArrayLike<number>[],
  weights: readonly number[],
  count: number,
  iterations = 60,
): Projection {
  if (rows.length === 0) throw new Error('No rows to project');
  const dimensions = rows[0]!.length;
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const mean = new Float64Array(dimensions);
  rows.forEach((row, index) => {
    for (let column = 0; column < dimensions; column += 1) mean[column]! += (weights[index]! / total) * row[column]!;
  });
  const covariance = new Float64Array(dimensions * dimensions);
  const centred = new Float64Array(dimensions);
  rows.forEach((row, index) => {
    const weight = weights[index]! / total;
    for (let column = 0; column < dimensions; column += 1) centred[column] = row[column]! - mean[column]!;
    for (let first = 0; first < dimensions; first += 1) {
      const scaled = weight * centred[first]!;
      if (scaled === 0) continue;
      const offset = first * dimensions;
      for (let second = first; second < dimensions; second += 1)
        covariance[offset + second]! += scaled * centred[second]!;
    }
  });
  for (let first = 0; first < dimensions; first += 1)
    for (let second = 0; second < first; second += 1)
      covariance[first * dimensions + second] = covariance[second * dimensions + first]!;

  const size = Math.min(count, dimensions);
  let basis = Array.from({ length: size }, (_, component) =>
    Float64Array.from(
      { length: dimensions },
      (_, column) => Math.sin((component + 1) * (column + 1) * 0.7) + (column === component ? 1 : 0),
    ),
  );
  for (let step = 0; step < iterations; step += 1) {
    basis = basis.map((vector) => {
      const product = new Float64Array(dimensions);
      for (let row = 0; row < dimensions; row += 1) {
        let sum = 0;
        const offset = row * dimensions;
        for (let column = 0; column < dimensions; column += 1) sum += covariance[offset + column]! * vector[column]!;
        product[row] = sum;
      }
      return product;
    });
    orthonormalise(basis);
  }
  return { mean: Array.from(mean), components: basis.map((vector) => Array.from(vector)) };
}

function orthonormalise(vectors: Float64Array[]): void {
  vectors.forEach((vector, index) => {
    for (let earlier = 0; earlier < index; earlier += 1) {
      const other = vectors[earlier]!;
      let dot = 0;
      for (let column = 0; column < vector.length; column += 1) dot += vector[column]! * other[column]!;
      for (let column = 0; column < vector.length; column += 1) vector[column]! -= dot * other[column]!;
    }
    let norm = 0;
    for (const value of vector) norm += value * value;
    norm = Math.sqrt(norm) || 1;
    for (let column = 0; column < vector.length; column += 1) vector[column]! /= norm;
  });
}

/** The coordinates of one row on the projection's components. */
export function project(projection: Projection, row: ArrayLike<number>): number[] {
  return projection.components.map((component) => {
    let sum = 0;
    for (let column = 0; column < component.length; column += 1)
      sum += component[column]! * (row[column]! - projection.mean[column]!);
    return sum;
  });
}
