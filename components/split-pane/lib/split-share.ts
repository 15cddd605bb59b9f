/** The splitter's share of the height for the first pane: bounds, keyboard steps, the stored value. */
export const MIN_SHARE = 0.1;
export const MAX_SHARE = 0.9;
const STEP = 0.05;
const PAGE = 0.2;

export const clampShare = (v: number) => Math.min(MAX_SHARE, Math.max(MIN_SHARE, Math.round(v * 1000) / 1000));

/** The share after a key, or null when the key does not resize. */
export function shareStep(key: string, share: number): number | null {
  switch (key) {
    case 'ArrowUp': return clampShare(share - STEP);
    case 'ArrowDown': return clampShare(share + STEP);
    case 'PageUp': return clampShare(share - PAGE);
    case 'PageDown': return clampShare(share + PAGE);
    case 'Home': return MIN_SHARE;
    case 'End': return MAX_SHARE;
    default: return null;
  }
}

/** A stored share, or the default when there is none or it is not a share. */
export function readShare(stored: string | null, fallback: number): number {
  const v = stored === null ? NaN : Number(stored);
  return Number.isFinite(v) && v > 0 && v < 1 ? clampShare(v) : fallback;
}
