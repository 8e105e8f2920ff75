'use client';
// A dialog around one form: its OK button submits the form (a refusal lands on its field), the
// form is dropped when the dialog closes, and a short hint may come before the fields. The values
// it opens with are `initialValues`, applied each time it opens: values set on the form instance
// before it mounts are reset by the mount (preserve=false), so they would not show.
import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import styles from './panel.module.css';

interface FormDialogProps<V> {
  open: boolean;
  title: string;
  width: number;
  okText?: string;
  saving: boolean;
  form: FormInstance<V>;
  /** The form's name: field ids are `<name>_<field>`. */
  name?: string;
  /** What the fields show when the dialog opens. */
  initialValues?: Partial<V>;
  onFinish: (values: V) => unknown;
  onValuesChange?: () => void;
  onCancel: () => void;
  hint?: ReactNode;
  children: ReactNode;
}

export function FormDialog<V>({
  open,
  title,
  width,
  okText = '保 存',
  saving,
  form,
  name,
  initialValues,
  onFinish,
  onValuesChange,
  onCancel,
  hint,
  children,
}: FormDialogProps<V>) {
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={okText}
      cancelText="取 消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form<V> name={name} form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish} onValuesChange={onValuesChange} preserve={false}>
        {hint ? <p className={styles.hint}>{hint}</p> : null}
        {children}
      </Form>
    </Modal>
  );
}
