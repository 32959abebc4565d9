import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from './context';

/**
 * Serves the built web app. Hashed assets are cached for a year; every other path gets
 * index.html so the web app's router decides (unknown paths end at / there). index.html is read
 * per page load, not once, so a rebuild while the server runs never leaves it naming deleted assets.
 */
export function createStaticWebRoutes(webRoot: string) {
  const routes = new Hono<AppEnv>();
  const indexFile = path.join(webRoot, 'index.html');
  const relativeRoot = path.relative(process.cwd(), webRoot) || '.';
  routes.use(
    '/assets/*',
    serveStatic({
      root: relativeRoot,
      onFound: (_path, context) => context.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  routes.use(
    '*',
    serveStatic({ root: relativeRoot, onFound: (_path, context) => context.header('Cache-Control', 'no-cache') }),
  );
  routes.get('*', async (context) => {
    const indexHtml = await readFile(indexFile, 'utf8').catch(() => undefined);
    if (indexHtml === undefined) {
      return context.text('The web app is not built. Run `npm run build` (npm start does this for you).', 503);
    }
    context.header('Cache-Control', 'no-cache');
    return context.html(indexHtml);
  });
  return routes;
}
