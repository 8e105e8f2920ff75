'use client';
// What the key cards share: the facts table, the empty state before any key exists, and the
// dialog that shows new key material once (closing it drops the material; the mask cannot).
import { Alert, Descriptions, type DescriptionsProps, Modal } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import styles from '../ums.module.css';

/** A key's facts, one a row, the labels kept on one line. */
export function KeyFacts({ items }: { items: DescriptionsProps['items'] }) {
  return <Descriptions items={items} column={1} bordered size="small" styles={{ label: { width: 120, whiteSpace: 'nowrap' } }} />;
}

/** No key yet: what it is for, and the way to make one. */
export function KeyEmpty({
  icon: Icon,
  title,
  text,
  testId,
  children,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>;
  title: string;
  text: ReactNode;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.emptyBlock} data-testid={testId}>
      <Icon className={styles.emptyIcon} aria-hidden="true" />
      <p className={styles.emptyTitle}>{title}</p>
      <p className={styles.emptyText}>{text}</p>
      {children}
    </div>
  );
}

interface ShownOnceProps {
  open: boolean;
  title: string;
  width: number;
  onClose: () => void;
  /** Drops the material from state once the dialog has gone. */
  afterClose: () => void;
  footer: ReactNode;
  /** What losing it means (who can or cannot show it again). */
  lost: string;
  /** The material; null once dropped. */
  children: ReactNode;
}

export function ShownOnce({ open, title, width, onClose, afterClose, footer, lost, children }: ShownOnceProps) {
  return (
    <Modal open={open} title={title} onCancel={onClose} afterClose={afterClose} destroyOnHidden mask={{ closable: false }} width={width} footer={footer}>
      {children ? (
        <div className={styles.onceBody}>
          <Alert type="warning" showIcon title="关闭后将无法再次查看，请立即复制并妥善保存" description={lost} />
          {children}
        </div>
      ) : null}
    </Modal>
  );
}
