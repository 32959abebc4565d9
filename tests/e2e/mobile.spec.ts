import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 375, height: 740 } });

test('at 375 px the landing page fits and the menu leads to signup', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Saving Today' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await expect(menuButton).toBeVisible();
  await menuButton.click();
  const mobileNavigation = page.getByRole('navigation', { name: 'Mobile' });
  await mobileNavigation.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByLabel('Organization name')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
