// Each domain area has a front door, src/domain/<area>/index.ts: code outside the area (other areas, the GraphQL
// layer, REST mappings, jobs, the CLI, scripts) imports the area only through it, and code inside the area never
// imports its own door (which would tie the area's files into one cycle). src/domain/shared/ holds helpers every
// area may use and has no door. Tests may reach into an area's files: they test them.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.js';
import { projectSources } from '../support/project-files.js';

const SCANNED = ['src', 'rest-mapping', 'scripts'];
const DOMAIN = 'src/domain';
const SHARED = 'shared';

const areaOf = (relative: string) => /^src\/domain\/([^/]+)\//.exec(relative)?.[1];

/** Every import that breaks the rule, as "importer: 'specifier'" with the reason. */
function frontDoorViolations(files: { path: string; text: string }[]): string[] {
  const violations: string[] = [];
  for (const file of files) {
    const own = areaOf(file.path);
    for (const imported of ts.preProcessFile(file.text, true, true).importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file.path), imported.fileName));
      const area = areaOf(target);
      if (area === undefined || area === SHARED) continue;
      const door = `${DOMAIN}/${area}/index.js`;
      if (area !== own && target !== door) {
        violations.push(`${file.path}: '${imported.fileName}' reaches into ${area}; import it from ${door}`);
      } else if (area === own && target === door) {
        violations.push(`${file.path}: '${imported.fileName}' is its own area's front door; import the file itself`);
      }
    }
  }
  return violations;
}

describe('domain areas are entered through their front door', () => {
  it('every import of an area from outside it goes through src/domain/<area>/index.ts', () => {
    const files = SCANNED.flatMap(projectSources);
    expect(files.length).toBeGreaterThan(500);
    expect(frontDoorViolations(files)).toEqual([]);
  });

  it('every area has a front door', () => {
    const areas = readdirSync(path.join(PROJECT_ROOT, DOMAIN)).filter(
      (name) => name !== SHARED && statSync(path.join(PROJECT_ROOT, DOMAIN, name)).isDirectory(),
    );
    expect(areas.length).toBeGreaterThan(20);
    expect(areas.filter((area) => !existsSync(path.join(PROJECT_ROOT, DOMAIN, area, 'index.ts')))).toEqual([]);
  });

  it('names the offending import: a file reaching into another area, and an area importing its own door', () => {
    const files = [
      { path: 'src/graphql/sales/orders.ts', text: "import { listOrders } from '../../domain/sales/sales-orders.js';" },
      { path: 'src/graphql/sales/lines.ts', text: "import type { Line } from '../../domain/sales/index.js';" },
      { path: 'src/domain/sales/allocation.ts', text: "import { postMovements } from '../inventory/ledger/post-movements.js';\nimport { x } from './index.js';" },
      { path: 'src/domain/sales/demand.ts', text: "import { dates } from '../shared/dates.js';\nconst lazy = () => import('../tenancy/companies.js');" },
    ];
    expect(frontDoorViolations(files)).toEqual([
      "src/graphql/sales/orders.ts: '../../domain/sales/sales-orders.js' reaches into sales; import it from src/domain/sales/index.js",
      "src/domain/sales/allocation.ts: '../inventory/ledger/post-movements.js' reaches into inventory; import it from src/domain/inventory/index.js",
      "src/domain/sales/allocation.ts: './index.js' is its own area's front door; import the file itself",
      "src/domain/sales/demand.ts: '../tenancy/companies.js' reaches into tenancy; import it from src/domain/tenancy/index.js",
    ]);
  });
});
