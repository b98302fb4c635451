// Libraries that only a few routes or jobs use are loaded where they are used (`await import(...)`), not imported at
// the top of a module: the CLI and the server load every module they import statically when they start, and these
// cost every CLI command and server start 0.2–0.3 s (docs/code-layout.md, "loaded on first use").
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectSources } from '../support/project-files.js';

const LOADED_ON_FIRST_USE = ['pdfkit', 'node-x12', 'fast-xml-parser'];

/** "file: 'library'" for every import or re-export of a listed library that loads it with the module. */
function staticLoads(files: { path: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      const loadsWithModule =
        (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) ||
        (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier !== undefined);
      if (!loadsWithModule) continue;
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      if (LOADED_ON_FIRST_USE.includes(specifier)) found.push(`${file.path}: '${specifier}'`);
    }
  }
  return found;
}

describe('libraries a few routes use are loaded on first use', () => {
  it('no module of the service imports them statically', () => {
    expect(staticLoads(projectSources('src'))).toEqual([]);
  });

  it('names a static import and a re-export, and passes a type import and a dynamic one', () => {
    expect(
      staticLoads([
        { path: 'src/a.ts', text: "import PDFDocument from 'pdfkit';" },
        { path: 'src/b.ts', text: "export { XMLParser } from 'fast-xml-parser';" },
        { path: 'src/c.ts', text: "import type { XMLParser } from 'fast-xml-parser';\nconst x12 = () => import('node-x12');" },
      ]),
    ).toEqual(["src/a.ts: 'pdfkit'", "src/b.ts: 'fast-xml-parser'"]);
  });
});
