import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const apiPort = process.env.API_PORT ?? '3001';

/** recharts and the packages only it uses (clsx is shared with the chat's code highlighting). */
const chartLibraries =
  '(recharts|victory-vendor|d3-[\\w-]+|internmap|@reduxjs|redux|redux-thunk|react-redux|immer|reselect|es-toolkit|eventemitter3|decimal\\.js-light|tiny-invariant|use-sync-external-store)[\\\\/]';

/** The web app lives in src/web; `npm start` serves its build from dist/web. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@contracts': fileURLToPath(new URL('./src/contracts', import.meta.url)) } },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // Prism's extra grammars run on load and need the global Prism the code block sets first: their own chunk, loaded then.
            { name: 'prism-languages', test: /node_modules[\\/]prismjs[\\/]/ },
            // Only the admin dashboard draws charts: recharts and what it alone uses load with it.
            { name: 'vendor', test: new RegExp(`node_modules[\\\\/](?!${chartLibraries})`) },
            { name: 'charts', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
