'use client';
import { useEffect } from 'react';

/** Marks the history entry pushed to catch Back (see below). */
const GUARD = 'floeUnsavedGuard';

/**
 * While `dirty`, leaving asks first: a reload, closing the tab or typing another address
 * (beforeunload, the browser's own prompt), following an in-app link (a confirm before the
 * router sees the click) and the Back button. The App Router has no navigation guard, so links
 * are caught at the window in the capture phase, before Next's Link handles them; for Back, an
 * entry of the same address is pushed on top, so that Back first lands on the editor's own
 * entry, where a capturing popstate listener (it runs before the router's) asks: staying pushes
 * the guard again, leaving goes back once more and lets the router have that step.
 */
export function useUnsavedChangesPrompt(dirty: boolean, message = 'You have unsaved changes. Leave without saving?') {
  useEffect(() => {
    if (!dirty) return;
    const here = window.location.href;
    // (No address when it is the same: the router then sees no change at all.)
    const guard = () => window.history.pushState({ [GUARD]: true }, '', window.location.href === here ? undefined : here);
    // Made dirty again after a save: the guard from before is still on top.
    if (!(window.history.state as Record<string, unknown> | null)?.[GUARD]) guard();
    let leaving = false;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = ''; // older Chromium asks only when returnValue is set
    };
    const click = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const to = new URL(a.href, window.location.href);
      if (to.origin !== window.location.origin || (to.pathname === window.location.pathname && to.search === window.location.search)) return;
      if (!window.confirm(message)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    const popState = (e: PopStateEvent) => {
      if (leaving) return; // the step back after "leave": the router's
      if ((e.state as Record<string, unknown> | null)?.[GUARD]) return; // Forward onto the guard: nothing changes
      const ok = window.confirm(message);
      // Back further than the editor's own entry (the history menu): the router goes there.
      if (ok && window.location.href !== here) return;
      e.stopImmediatePropagation();
      if (ok) {
        leaving = true;
        window.history.back();
      } else guard();
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('click', click, true);
    window.addEventListener('popstate', popState, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('click', click, true);
      window.removeEventListener('popstate', popState, true);
    };
  }, [dirty, message]);
}
