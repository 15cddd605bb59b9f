'use client';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal confirmation on the native <dialog> (showModal): focus stays inside it, Escape closes
 * it (as Cancel), focus starts on Cancel (the safe choice) and returns to where it was after.
 */
export function ConfirmDialog({ title, children, confirmLabel, danger = true, onConfirm, onCancel }: {
  title: string; children?: ReactNode; confirmLabel: string; danger?: boolean; onConfirm: () => void; onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current!;
    const back = document.activeElement as HTMLElement | null;
    dialog.showModal();
    cancel.current?.focus();
    return () => {
      dialog.close();
      back?.focus();
    };
  }, []);
  return (
    <dialog ref={ref} className="modal" aria-labelledby="confirm-title" onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      <h3 id="confirm-title">{title}</h3>
      {children}
      <div className="toolbar">
        <button type="button" ref={cancel} onClick={onCancel}>Cancel</button>
        <button type="button" className={danger ? 'danger' : 'primary'} onClick={onConfirm}>{confirmLabel}</button>
      </div>
    </dialog>
  );
}
