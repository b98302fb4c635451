// Serves the few browser assets the service needs, so pages work with no internet access: Swagger UI for the API
// docs page from its installed npm package, the service's own icon (assets/favicon.ico: a parcel, 32×32),
// which browsers ask for on every page, and the live dashboard's script (assets/dashboard.js).
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { HttpProblem } from './errors.js';
import { PROJECT_ROOT } from '../project-root.js';

export const ASSETS_PATH = '/assets/';
export const FAVICON_PATH = '/favicon.ico';
const require = createRequire(import.meta.url);
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ALLOWED: Record<string, string> = {
  'swagger-ui/swagger-ui.css': path.join(SWAGGER_UI_DIR, 'swagger-ui.css'),
  'swagger-ui/swagger-ui-bundle.js': path.join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js'),
  'swagger-ui/swagger-ui-standalone-preset.js': path.join(SWAGGER_UI_DIR, 'swagger-ui-standalone-preset.js'),
  'favicon.ico': path.join(PROJECT_ROOT, 'assets/favicon.ico'),
  'dashboard.js': path.join(PROJECT_ROOT, 'assets/dashboard.js'),
};
const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.ico': 'image/x-icon' };

/** Serves ASSETS_PATH + name, and the icon at FAVICON_PATH too (where browsers look for it without being told). */
export function serveStaticAsset(_req: IncomingMessage, res: ServerResponse, urlPath: string): void {
  const file = ALLOWED[urlPath === FAVICON_PATH ? 'favicon.ico' : urlPath.slice(ASSETS_PATH.length)];
  if (!file || !existsSync(file)) throw new HttpProblem(404, 'Not found.');
  res.writeHead(200, {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'content-length': statSync(file).size,
    'cache-control': 'public, max-age=86400',
    'x-content-type-options': 'nosniff',
  });
  createReadStream(file).pipe(res);
}
