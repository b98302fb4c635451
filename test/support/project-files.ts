// The TypeScript files (.ts, .mts) under a folder of the project, as posix paths relative to its root (generated code left
// out): what the architecture tests read.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/project-root.js';

export function projectFiles(dir: string): string[] {
  return readdirSync(path.join(PROJECT_ROOT, dir)).flatMap((name) => {
    const relative = path.posix.join(dir, name);
    if (name === 'generated') return [];
    if (statSync(path.join(PROJECT_ROOT, relative)).isDirectory()) return projectFiles(relative);
    return /\.m?ts$/.test(name) ? [relative] : [];
  });
}

/** Each of those files with its text: what a rule over the sources reads. */
export function projectSources(dir: string): { path: string; text: string }[] {
  return projectFiles(dir).map((file) => ({ path: file, text: readFileSync(path.join(PROJECT_ROOT, file), 'utf8') }));
}
