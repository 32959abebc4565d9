import { expect, test } from '@playwright/test';

test('the signup strength meter fills a quarter, half, three quarters and full', async ({ page }) => {
  await page.goto('/signup');
  const password = page.getByLabel('Password', { exact: true });
  const bar = page.getByTestId('password-strength-bar');
  const track = page.getByRole('meter', { name: 'Password strength' });

  for (const { value, label, fraction } of [
    { value: 'abc', label: 'Weak', fraction: 0.25 },
    { value: 'abcdefgh', label: 'Fair', fraction: 0.5 },
    { value: 'abcdefg1', label: 'Good', fraction: 0.75 },
    { value: 'Abcdefg1', label: 'Strong', fraction: 1 },
  ]) {
    await password.fill(value);
    await expect(page.getByTestId('password-strength-label')).toHaveText(label);
    await expect(track).toHaveAttribute('aria-valuetext', label);
    await expect
      .poll(async () => {
        const [barBox, trackBox] = await Promise.all([bar.boundingBox(), track.boundingBox()]);
        return barBox && trackBox ? Math.round((barBox.width / trackBox.width) * 100) : -1;
      })
      .toBe(fraction * 100);
  }
});
