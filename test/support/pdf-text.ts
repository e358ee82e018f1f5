import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The text of a PDF (base64) as poppler's pdftotext reads it, with its layout. */
export function pdfText(base64: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sentral-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, Buffer.from(base64, 'base64'));
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
