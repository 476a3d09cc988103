import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The section navigation of /admin. */
export const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

/**
 * Opens /admin (which shows its first section) as the page's signed-in admin and goes to the section named
 * `label` through the section navigation; resolves once its link is the current page.
 */
export async function openAdminSection(page: Page, baseUrl: string, label: string): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  const link = adminNav(page).getByRole('link', { name: label, exact: true });
  await link.click();
  await expect.poll(() => link.getAttribute('aria-current'), { timeout: 10_000 }).toBe('page');
}
