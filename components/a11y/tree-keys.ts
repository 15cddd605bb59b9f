/**
 * Keyboard of a WAI-ARIA tree (roving tabindex): one Tab stop, the last focused item (else the
 * first). Down / Up: next / previous visible item; Home / End: first / last; Right: expand, or go to
 * the first child; Left: collapse, or go to the parent; Enter: the item's action. An item's toggle
 * is its `[data-tree-toggle]` button, its action its `[data-tree-action]` button (both in its own
 * row, outside its group of children).
 */
import { useEffect, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

const ITEM = '[role="treeitem"]';
const own = (item: Element, selector: string) =>
  [...item.querySelectorAll<HTMLElement>(selector)].find((el) => el.closest(ITEM) === item) ?? null;

export function treeKeyDown(e: KeyboardEvent<HTMLElement>): void {
  const tree = e.currentTarget;
  const item = (e.target as HTMLElement).closest<HTMLElement>(ITEM);
  if (!item || e.target !== item || e.altKey || e.ctrlKey || e.metaKey) return;
  const items = [...tree.querySelectorAll<HTMLElement>(ITEM)];
  const i = items.indexOf(item);
  const expanded = item.getAttribute('aria-expanded');
  let next: HTMLElement | null | undefined = null;
  switch (e.key) {
    case 'ArrowDown': next = items[i + 1]; break;
    case 'ArrowUp': next = items[i - 1]; break;
    case 'Home': next = items[0]; break;
    case 'End': next = items[items.length - 1]; break;
    case 'ArrowRight':
      if (expanded === 'false') own(item, '[data-tree-toggle]')?.click();
      else if (expanded === 'true') next = item.querySelector<HTMLElement>(ITEM);
      break;
    case 'ArrowLeft':
      if (expanded === 'true') own(item, '[data-tree-toggle]')?.click();
      else next = item.parentElement?.closest<HTMLElement>(ITEM);
      break;
    case 'Enter': own(item, '[data-tree-action]')?.click(); break;
    default: return;
  }
  e.preventDefault();
  next?.focus();
}

/** The focused item becomes the tree's one Tab stop. */
export function treeFocus(e: FocusEvent<HTMLElement>): void {
  const item = (e.target as HTMLElement).closest<HTMLElement>(ITEM);
  if (!item || e.target !== item) return;
  for (const el of e.currentTarget.querySelectorAll<HTMLElement>(`${ITEM}[tabindex="0"]`)) if (el !== item) el.tabIndex = -1;
  item.tabIndex = 0;
}

/** After every render: when no item is the Tab stop (first render, the stop was removed), the first is. */
export function useTreeTabStop(tree: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = tree.current;
    if (el && !el.querySelector(`${ITEM}[tabindex="0"]`)) {
      const first = el.querySelector<HTMLElement>(ITEM);
      if (first) first.tabIndex = 0;
    }
  });
}
