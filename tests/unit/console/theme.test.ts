import { expect, test } from 'vitest';
import { otherTheme, resolveTheme, storedTheme, themeBootScript } from '@/features/shell/lib/theme';

test('a stored choice wins over the system setting; without one the system decides', () => {
  expect(resolveTheme('light', true)).toBe('light');
  expect(resolveTheme('dark', false)).toBe('dark');
  expect(resolveTheme(null, true)).toBe('dark');
  expect(resolveTheme(null, false)).toBe('light');
});

test('only the two theme names count as stored; toggling flips between them', () => {
  expect(storedTheme('dark')).toBe('dark');
  expect(storedTheme('purple')).toBeNull();
  expect(storedTheme(null)).toBeNull();
  expect(otherTheme('dark')).toBe('light');
  expect(otherTheme('light')).toBe('dark');
});

test('the boot script sets data-theme from storage, else the system, and never throws', () => {
  const run = (stored: string | null, dark: boolean, blocked = false) => {
    const html = { dataset: {} as Record<string, string> };
    const localStorage = { getItem: () => { if (blocked) throw new Error('blocked'); return stored; } };
    const matchMedia = () => ({ matches: dark });
    new Function('localStorage', 'matchMedia', 'document', themeBootScript)(localStorage, matchMedia, { documentElement: html });
    return html.dataset.theme;
  };
  expect(run('dark', false)).toBe('dark');
  expect(run(null, true)).toBe('dark');
  expect(run('junk', false)).toBe('light');
  expect(run(null, false, true)).toBeUndefined();
});
