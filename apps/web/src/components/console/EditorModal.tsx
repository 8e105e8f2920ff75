'use client';
// The console's edit dialogs (套餐, 供应商, 线路): 保存 submits the form (its fields checked by the
// contracts' rules first), the server's refusal shows under the field it is about or, when it is
// about none, above the form — and what was typed stays. Each dialog says which field a message
// belongs to; the rest is this.
import type { FormInstance } from 'antd';
import { Alert, Modal } from 'antd';
import { useCallback, useState } from 'react';
import { serverMessage } from '@/lib/api/errors';
import styles from './console.module.css';

/**
 * The server's refusal of a save: under its field when `fieldOf` names one, else as the dialog's
 * error. `clear` before each attempt; `refused` in the save's catch.
 */
export function useRefusal<V>(form: FormInstance<V>, fieldOf: (msg: string) => keyof V | null | undefined) {
  const [error, setError] = useState<string | null>(null);
  const clear = useCallback(() => setError(null), []);
  const refused = useCallback(
    (err: unknown) => {
      const msg = serverMessage(err);
      if (!msg) return;
      const field = fieldOf(msg);
      if (field) form.setFields([{ name: field as never, errors: [msg] }]);
      else setError(msg);
    },
    [form, fieldOf],
  );
  return { error, clear, refused };
}

export function EditorModal({
  open,
  title,
  width,
  saving,
  error,
  onSave,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  width: number;
  saving: boolean;
  /** The refusal that is about no one field. */
  error: string | null;
  /** Submits the dialog's form (form.submit()). */
  onSave: () => void;
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={onSave}
      okText="保 存"
      cancelText="取 消"
      okButtonProps={{ loading: saving }}
      width={width}
      forceRender
    >
      {error ? <Alert type="error" showIcon title={error} className={styles.editorAlert} /> : null}
      {children}
    </Modal>
  );
}
