/**
 * Solves A x = b for a small symmetric positive-definite A (a learner's regularised Gram matrix)
 * by Cholesky factorisation. A is given as its rows; it is not modified.
 */
export function solveSymmetric(matrix: readonly (readonly number[])[], vector: readonly number[]): number[] {
  const size = vector.length;
  const lower = Array.from({ length: size }, () => new Float64Array(size));
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column <= row; column += 1) {
      let sum = matrix[row]![column]!;
      for (let inner = 0; inner < column; inner += 1) sum -= lower[row]![inner]! * lower[column]![inner]!;
      if (row === column) {
        if (!(sum > 0)) throw new Error('The matrix is not positive definite');
        lower[row]![row] = Math.sqrt(sum);
      } else lower[row]![column] = sum / lower[column]![column]!;
    }
  }
  const forward = new Float64Array(size);
  for (let row = 0; row < size; row += 1) {
    let sum = vector[row]!;
    for (let inner = 0; inner < row; inner += 1) sum -= lower[row]![inner]! * forward[inner]!;
    forward[row] = sum / lower[row]![row]!;
  }
  const solution = new Array<number>(size).fill(0);
  for (let row = size - 1; row >= 0; row -= 1) {
    let sum = forward[row]!;
    for (let inner = row + 1; inner < size; inner += 1) sum -= lower[inner]![row]! * solution[inner]!;
    solution[row] = sum / lower[row]![row]!;
  }
  return solution;
}
