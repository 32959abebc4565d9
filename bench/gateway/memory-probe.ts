/**
 * Preloaded into each measured gateway process (NODE_OPTIONS="--import tsx --import <this file>"):
 * on SIGUSR2 it runs a full garbage collection and writes process.memoryUsage() to
 * $MEMORY_PROBE_DIR/<pid>.json. It changes nothing else, so the servers run unmodified.
 */
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

const directory = process.env.MEMORY_PROBE_DIR;
if (directory) {
  v8.setFlagsFromString('--expose-gc');
  const collectGarbage = vm.runInNewContext('gc') as () => void;
  const file = path.join(directory, `${process.pid}.json`);
  process.on('SIGUSR2', () => {
    collectGarbage();
    // Written then renamed, so the reader never sees half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()));
    renameSync(`${file}.tmp`, file);
  });
  writeFileSync(path.join(directory, `${process.pid}.ready`), '');
}
