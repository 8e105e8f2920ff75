'use client';
// A console dialog that asks for a short form before a change (驳回's reason, 退款's amount): the
// fields are checked by their rules, the change is sent, and the dialog is emptied only once the
// server took it — a refusal keeps what was typed, the caller having shown the server's words.
import { Form, Modal } from 'antd';
import { useState } from 'react';

export function FormDialog<T extends object>({
  open,
  title,
  okText,
  danger,
  intro,
  onCancel,
  onSubmit,
  children,
}: {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  /** What the change does, above the fields. */
  intro: React.ReactNode;
  onCancel: () => void;
  /** Resolves when the server accepted the change; the dialog stays open when it throws. */
  onSubmit: (values: T) => Promise<void>;
  children: React.ReactNode;
}) {
  const [form] = Form.useForm<T>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit(values);
      form.resetFields();
    } catch {
      // The caller has shown the server's message; keep what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: saving }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      width={520}
      destroyOnHidden
    >
      <p>{intro}</p>
      <Form form={form} layout="vertical" preserve={false}>
        {children}
      </Form>
    </Modal>
  );
}
