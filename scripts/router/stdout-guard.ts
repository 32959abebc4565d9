/**
 * Keeps stdout for the scores only. Imported first by score.ts, before any library loads:
 * whatever else writes to process.stdout (console.log in a dependency, a worker thread's output,
 * which Node pipes into the parent's process.stdout) goes to stderr instead.
 */
const realStdoutWrite = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

/** Writes to the real stdout and resolves once the data is handed to the system. */
export function writeToStdout(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    realStdoutWrite(text, (error?: Error | null) => (error ? reject(error) : resolve()));
  });
}
