// The README is a landing page (at most 400 lines) with a map of docs/, and every relative link in the README and
// docs/ leads to a file that exists, so moving or renaming a page cannot leave a dead link behind.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.js';

const README_MAX_LINES = 400;

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(PROJECT_ROOT, dir)).flatMap((name) => {
    const relative = path.posix.join(dir, name);
    if (statSync(path.join(PROJECT_ROOT, relative)).isDirectory()) return markdownFiles(relative);
    return name.endsWith('.md') ? [relative] : [];
  });
}

/** Relative links of a markdown text that lead nowhere, as "file: target". */
function deadLinks(file: string, text: string): string[] {
  const dead: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target) || target.startsWith('#')) continue;
    const withoutAnchor = target.split('#')[0];
    if (!existsSync(path.join(PROJECT_ROOT, path.dirname(file), withoutAnchor))) dead.push(`${file}: ${target}`);
  }
  return dead;
}

describe('README and docs/', () => {
  const pages = ['README.md', ...markdownFiles('docs')];

  it(`the README is a landing page of at most ${README_MAX_LINES} lines that links every page of docs/`, () => {
    const readme = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
    const unlinked = pages.slice(1).filter((page) => !readme.includes(`](${page})`));
    expect(unlinked).toEqual([]);
  });

  it('every relative link in the README and docs/ leads to a file', () => {
    expect(pages.length).toBeGreaterThan(15);
    expect(pages.flatMap((page) => deadLinks(page, readFileSync(path.join(PROJECT_ROOT, page), 'utf8')))).toEqual([]);
  });

  it('a link to a missing page is named', () => {
    expect(deadLinks('docs/areas/sales.md', 'See [the catalog](catalog.md), [nowhere](../nowhere.md) and [the API](https://example.test).')).toEqual([
      'docs/areas/sales.md: ../nowhere.md',
    ]);
  });
});
