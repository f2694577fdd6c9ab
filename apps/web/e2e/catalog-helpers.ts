/**
 * Shared steps of the catalog screens' browser tests (areas, statuses, job
 * positions, task types): open a screen, find a card, take the screenshots.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, loginAs } from './fixtures';

export const shotsDir = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');
export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

export const unique = () => Math.random().toString(36).slice(2, 8);

export async function openScreen(page: Page, path: string, title: string, user = 'admin') {
  await loginAs(page, user);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** A card is an article named by its title. */
export const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

export const field = (page: Page, name: string) => page.getByRole('dialog').getByRole('textbox', { name, exact: true });

/** The page must never scroll sideways (phone widths included). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

export async function screenshot(page: Page, name: string, width: number, fullPage = true) {
  await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage });
}
