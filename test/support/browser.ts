import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { repoRoot } from '../../bin/local/settings';

/** Debian's Chromium; Playwright's own browser download is not possible here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Screenshots are kept here (git-ignored) for a person to look at. */
export const artifactsDir = join(repoRoot, 'test-artifacts');

/** A fresh headless Chromium profile; closing it removes the profile. */
export async function launchBrowser(): Promise<{
  context: BrowserContext;
  close(): Promise<void>;
}> {
  mkdirSync(artifactsDir, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'trc-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
