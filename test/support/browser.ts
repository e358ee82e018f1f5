/**
 * A real browser for tests: Debian's Chromium driven by playwright-core, headless, with a fresh profile and
 * a fake microphone that plays a WAV of speech made with espeak-ng. Screenshots go to test-artifacts/.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const run = promisify(execFile);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where screenshots are kept after a run (gitignored). */
export const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

/** A browser with its own profile directory; close() removes both. */
export interface TestBrowser {
  context: BrowserContext;
  newPage(): Promise<Page>;
  /** Saves a screenshot (the whole page unless `fullPage` is false) as test-artifacts/<name>.png. */
  screenshot(page: Page, name: string, fullPage?: boolean): Promise<string>;
  close(): Promise<void>;
}

/** Writes `text` as speech (espeak-ng, 16-bit PCM WAV) to a temporary file. */
export async function speechWav(dir: string, text: string): Promise<string> {
  const file = join(dir, 'speech.wav');
  await run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', file, text]);
  return file;
}

/** Launches Chromium with a fake microphone playing `audioFile` (looped), or none without one. */
export async function launchBrowser(audioFile?: string): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`npm run services\` (it installs chromium with apt)`);
  const profile = mkdtempSync(join(tmpdir(), 'sentral-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(audioFile ? ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${audioFile}`] : []),
    ],
  });
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    context,
    newPage: () => context.newPage(),
    async screenshot(page, name, fullPage = true) {
      const path = join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path, fullPage });
      return path;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
