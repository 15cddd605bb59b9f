'use client';
import { useTheme } from './use-theme';

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" onClick={toggle} aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`} data-testid="theme-toggle">
      {theme === 'dark' ? '☀ Light' : '☾ Dark'}
    </button>
  );
}
