'use client';
/** A modal question: Cancel has the focus (a stray Enter does nothing harmful) and Escape cancels. */
import { useEffect, useId, type ReactNode } from 'react';

export function ConfirmDialog({ title, children, confirmLabel, danger, onConfirm, onCancel }: {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  useEffect(() => {
    const key = (e: KeyboardEvent) => { if (e.key === 'Escape') onCancel(); };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [onCancel]);
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>{title}</h3>
        {children}
        <div className="toolbar">
          <button type="button" className={danger ? 'danger' : 'primary'} onClick={onConfirm}>{confirmLabel}</button>
          <button type="button" autoFocus onClick={onCancel}>Cancel</button>
        </div>
      </div>
    </div>
  );
}
