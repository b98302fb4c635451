// The folder that holds package.json: where migrations, the printed schema and the template cache are found,
// whether this code runs from src/ (tsx, the tests) or bundled into dist/ (npm start, npm run cli).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function projectRootFrom(folder: string): string {
  for (let dir = folder; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${folder}`);
  }
}

export const PROJECT_ROOT = projectRootFrom(path.dirname(fileURLToPath(import.meta.url)));
