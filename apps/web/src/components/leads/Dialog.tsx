'use client';
// A small accessible dialog for public pages (no antd there): native <dialog> with a title,
// Escape and the close button close it.
import { useEffect, useRef } from 'react';
import styles from './leads.module.css';

export function Dialog({
  title,
  onClose,
  children,
  width = 440,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  width?: number;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      style={{ width }}
      aria-label={title}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <header className={styles.dialogHead}>
        <h2>{title}</h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label="关闭">
          ×
        </button>
      </header>
      {children}
    </dialog>
  );
}
