// Reading PDFs the service answers, with poppler-utils: the text of every page (pdftotext -layout) and the
// number of pages (pdfinfo).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const workDir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
let counter = 0;

function saved(pdf: Buffer): string {
  const file = join(workDir, `${process.pid}-${++counter}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', saved(pdf), '-'], { encoding: 'utf8' });
}

/** The text of each page. */
export function pdfPagesText(pdf: Buffer): string[] {
  return pdfText(pdf).split('\f').filter((page) => page.trim() !== '');
}

export function pdfPages(pdf: Buffer): number {
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [saved(pdf)], { encoding: 'utf8' }))![1]);
}
