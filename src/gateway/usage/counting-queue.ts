import { piecesOf, type TextPiece } from './token-pieces';

/**
 * Token counting of long texts, shared by every request of the process: at most `sliceMilliseconds`
 * of counting per turn of the event loop, whatever number of texts wait, so sockets are read and
 * answered between slices. A long prompt of unusual text takes the BPE a few microseconds a
 * character (200,000 random letters: about half a second), and ten such prompts at once, each
 * counting in its own slices, still held the loop for tens of milliseconds a turn (issue 20,
 * docs/decisions/034). Texts are counted in arrival order.
 */
const sliceMilliseconds = 4;

interface CountingJob {
  text: string;
  pieces: Iterator<TextPiece>;
  count: number;
  countPiece(text: string, piece: TextPiece): number;
  resolve(count: number): void;
  reject(error: unknown): void;
}

const waiting: CountingJob[] = [];
let scheduled = false;

/** Counts `text` piece by piece with `countPiece`, in the queue's slices. */
export function countInTurns(text: string, countPiece: (text: string, piece: TextPiece) => number): Promise<number> {
  return new Promise((resolve, reject) => {
    waiting.push({ text, pieces: piecesOf(text), count: 0, countPiece, resolve, reject });
    if (!scheduled) {
      scheduled = true;
      setImmediate(countOneSlice);
    }
  });
}

function countOneSlice(): void {
  const deadline = performance.now() + sliceMilliseconds;
  while (waiting.length > 0 && performance.now() < deadline) {
    const job = waiting[0]!;
    try {
      const next = job.pieces.next();
      if (next.done) {
        waiting.shift();
        job.resolve(job.count);
      } else job.count += job.countPiece(job.text, next.value);
    } catch (error) {
      waiting.shift();
      job.reject(error);
    }
  }
  if (waiting.length > 0) setImmediate(countOneSlice);
  else scheduled = false;
}
