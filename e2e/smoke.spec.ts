import { expect, test } from '@playwright/test';

test('home page names the product', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Floe/);
  await expect(page.getByRole('heading', { name: /Floe/ }).first()).toBeVisible();
});
