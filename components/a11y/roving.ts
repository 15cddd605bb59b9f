/**
 * Keyboard of WAI-ARIA tab lists (roving tabindex): the selected tab is the one Tab stop, Left /
 * Right (Up / Down) move to the previous / next tab, Home / End to the first / last, and moving
 * selects (the tab is clicked: automatic activation). The tabs are the `[role="tab"]` elements
 * inside the closest `[data-roving]` container (which may hold more than the tablist itself).
 */
import type { KeyboardEvent } from 'react';

export function tabListKeyDown(e: KeyboardEvent<HTMLElement>): void {
  const keys: Record<string, (i: number, n: number) => number> = {
    ArrowRight: (i, n) => (i + 1) % n, ArrowDown: (i, n) => (i + 1) % n,
    ArrowLeft: (i, n) => (i - 1 + n) % n, ArrowUp: (i, n) => (i - 1 + n) % n,
    Home: () => 0, End: (_i, n) => n - 1,
  };
  const move = keys[e.key];
  if (!move || e.altKey || e.ctrlKey || e.metaKey) return;
  const scope = e.currentTarget.closest('[data-roving]') ?? e.currentTarget.parentElement;
  const tabs = [...(scope?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  const i = tabs.indexOf(e.target as HTMLElement);
  if (i < 0 || tabs.length === 0) return;
  e.preventDefault();
  const next = tabs[move(i, tabs.length)];
  next.focus();
  next.click();
}
