'use client';
/** The console's theme as a tiny external store: every subscriber (toggle, Monaco editors) follows one value. */
import { useEffect, useSyncExternalStore } from 'react';
import { otherTheme, resolveTheme, storedTheme, THEME_KEY, type Theme } from './lib/theme';

const listeners = new Set<() => void>();
const DARK_QUERY = '(prefers-color-scheme: dark)';
/** This page's choice, which holds even where storage is blocked. */
let chosen: Theme | null = null;

function current(): Theme {
  let stored: Theme | null = null;
  try { stored = storedTheme(localStorage.getItem(THEME_KEY)); } catch { /* storage blocked */ }
  return resolveTheme(chosen ?? stored, window.matchMedia(DARK_QUERY).matches);
}

function subscribe(fn: () => void) {
  const fromOtherTab = () => { chosen = null; fn(); };
  listeners.add(fn);
  const mq = window.matchMedia(DARK_QUERY);
  mq.addEventListener('change', fn);
  window.addEventListener('storage', fromOtherTab);
  return () => { listeners.delete(fn); mq.removeEventListener('change', fn); window.removeEventListener('storage', fromOtherTab); };
}

function toggle() {
  chosen = otherTheme(current());
  try { localStorage.setItem(THEME_KEY, chosen); } catch { /* kept for this page only */ }
  for (const l of listeners) l();
}

export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, current, () => 'light' as Theme);
  useEffect(() => { document.documentElement.dataset.theme = theme; }, [theme]);
  return { theme, toggle };
}

/** Monaco's theme name for the console theme (defined in components/code-editor/monaco.ts). */
export const useMonacoTheme = () => (useTheme().theme === 'dark' ? 'floe-dark' : 'floe-light');
