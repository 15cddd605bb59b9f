'use client';
/**
 * Two panes stacked vertically with a splitter between them (WAI-ARIA window splitter): drag it,
 * or focus it and use Up / Down (Page Up / Page Down: bigger steps), Home / End; Enter restores
 * the last size after Home / End. Either pane can be maximized. The size is a share of the height,
 * kept in localStorage under `storageKey`.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { clampShare, MAX_SHARE, MIN_SHARE, readShare, shareStep } from './lib/split-share';

type Maximized = 'none' | 'first' | 'second';

export function SplitPane({ first, second, storageKey, firstLabel, secondLabel, defaultShare = 0.3 }: {
  first: ReactNode; second: ReactNode; storageKey: string; firstLabel: string; secondLabel: string; defaultShare?: number;
}) {
  const [share, setShare] = useState(defaultShare);
  const [maximized, setMaximized] = useState<Maximized>('none');
  const before = useRef(defaultShare);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => { setShare(readShare(localStorage.getItem(storageKey), defaultShare)); }, [storageKey, defaultShare]);
  const resize = useCallback((next: number) => {
    const v = clampShare(next);
    setShare(v);
    try { localStorage.setItem(storageKey, String(v)); } catch { /* storage blocked: kept for this page */ }
  }, [storageKey]);
  const keys = (e: KeyboardEvent) => {
    const step = shareStep(e.key, share);
    if (step === null) {
      if (e.key === 'Enter' && (share === MIN_SHARE || share === MAX_SHARE)) resize(before.current);
      return;
    }
    e.preventDefault();
    if (e.key === 'Home' || e.key === 'End') before.current = share;
    setMaximized('none');
    resize(step);
  };
  const drag = (e: PointerEvent<HTMLDivElement>) => {
    const el = box.current;
    if (!el || e.button !== 0) return;
    e.preventDefault();
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    setMaximized('none');
    const move = (ev: globalThis.PointerEvent) => {
      const r = el.getBoundingClientRect();
      resize((ev.clientY - r.top) / r.height);
    };
    const up = () => { handle.removeEventListener('pointermove', move); handle.removeEventListener('pointerup', up); };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  };
  const toggle = (pane: 'first' | 'second') => setMaximized((m) => (m === pane ? 'none' : pane));
  const percent = Math.round(share * 100);
  const rows = maximized === 'first' ? '1fr auto 0' : maximized === 'second' ? '0 auto 1fr' : `${share}fr auto ${1 - share}fr`;
  return (
    <div className={`split-pane split-maximized-${maximized}`} ref={box} style={{ gridTemplateRows: rows }}>
      <div className="split-first" id={`${id}-first`} hidden={maximized === 'second'}>{first}</div>
      <div className="split-bar">
        <div role="separator" tabIndex={0} aria-orientation="horizontal" aria-label={`Resize ${firstLabel} and ${secondLabel}`}
          aria-controls={`${id}-first`} aria-valuemin={Math.round(MIN_SHARE * 100)} aria-valuemax={Math.round(MAX_SHARE * 100)} aria-valuenow={percent}
          aria-valuetext={`${firstLabel} ${percent}% of the height`} className="split-handle" data-testid="splitter"
          onKeyDown={keys} onPointerDown={drag} title="Drag, or focus and use the arrow keys" />
        <button type="button" className="split-max" aria-pressed={maximized === 'first'} onClick={() => toggle('first')} data-testid="maximize-first">
          {maximized === 'first' ? 'Restore' : `Maximize ${firstLabel}`}
        </button>
        <button type="button" className="split-max" aria-pressed={maximized === 'second'} onClick={() => toggle('second')} data-testid="maximize-second">
          {maximized === 'second' ? 'Restore' : `Maximize ${secondLabel}`}
        </button>
      </div>
      <div className="split-second" hidden={maximized === 'first'}>{second}</div>
    </div>
  );
}
