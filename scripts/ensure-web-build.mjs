// Used by `npm start`: builds the web app only when dist/web is missing or older than its inputs,
// so a restart of an installed checkout does not pay for a build. Plain JS: runs before tsx is needed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'dist/web/index.html');
const inputs = ['src/web', 'src/contracts', 'vite.config.ts', 'package-lock.json'];

/** The newest file under the inputs, as [path, mtime in ms]. */
function newestInput() {
  let newest = ['', 0];
  const visit = (entry) => {
    const stats = statSync(entry, { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isDirectory()) {
      for (const name of readdirSync(entry)) if (name !== 'node_modules') visit(path.join(entry, name));
    } else if (stats.mtimeMs > newest[1]) {
      newest = [entry, stats.mtimeMs];
    }
  };
  for (const input of inputs) visit(path.join(root, input));
  return newest;
}

function reasonToBuild() {
  const built = statSync(output, { throwIfNoEntry: false });
  if (!built) return 'dist/web/index.html is missing';
  const [file, mtime] = newestInput();
  return mtime > built.mtimeMs ? `${path.relative(root, file)} changed since the last build` : undefined;
}

if (!existsSync(path.join(root, 'src/web/index.html'))) {
  console.log('web build: skipped, there is no src/web/index.html');
} else {
  const reason = reasonToBuild();
  if (!reason) {
    console.log('web build: dist/web is up to date');
  } else {
    console.log(`web build: running vite build (${reason})`);
    const vite = path.join(root, 'node_modules/vite/bin/vite.js');
    const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('web build: vite build failed');
      process.exit(result.status ?? 1);
    }
  }
}
