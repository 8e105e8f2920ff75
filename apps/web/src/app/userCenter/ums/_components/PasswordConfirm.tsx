'use client';
// The confirmation before a change to the account's keys or call modes: it says what will change
// for the customer's running integration, then asks for the login password (the server checks it
// too, under the same lock as the other password forms). One dialog per card, opened with `ask`.
import { KEYS_MSG } from '@apimarket/contracts';
import { Alert, Button, Form, type FormRule, Input, Modal } from 'antd';
import { useCallback, useState } from 'react';
import styles from '../ums.module.css';

export interface ConfirmRequest {
  title: string;
  /** What will change, in the customer's words. */
  effects: React.ReactNode;
  okText: string;
  /** Makes the change with the password: null when done (the dialog closes), or the refusal to show. */
  run: (password: string) => Promise<string | null>;
}

const PASSWORD_MSGS: readonly string[] = [KEYS_MSG.passwordRequired, KEYS_MSG.passwordWrong];

/** The login password that proves the person at the screen is the account holder (field `password`). */
export function LoginPasswordField({ rule = { required: true, message: KEYS_MSG.passwordRequired }, autoFocus }: { rule?: FormRule; autoFocus?: boolean }) {
  return (
    <Form.Item name="password" label="登录密码" required rules={[rule]} extra="为确认是您本人操作，请输入当前账号的登录密码。">
      <Input.Password placeholder="请输入登录密码" autoComplete="current-password" maxLength={64} autoFocus={autoFocus} />
    </Form.Item>
  );
}

export function usePasswordConfirm(): { ask: (request: ConfirmRequest) => void; dialog: React.ReactNode } {
  const [current, setCurrent] = useState<ConfirmRequest | null>(null);
  const [open, setOpen] = useState(false);
  const ask = useCallback((request: ConfirmRequest) => {
    setCurrent(request);
    setOpen(true);
  }, []);
  const close = () => setOpen(false);
  const dialog = (
    <Modal
      open={open}
      title={current?.title}
      onCancel={close}
      afterClose={() => setCurrent(null)}
      footer={null}
      width={480}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {current ? <ConfirmForm request={current} onDone={close} onCancel={close} /> : null}
    </Modal>
  );
  return { ask, dialog };
}

function ConfirmForm({ request, onDone, onCancel }: { request: ConfirmRequest; onDone: () => void; onCancel: () => void }) {
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const onFinish = async ({ password }: { password: string }) => {
    setBusy(true);
    setError('');
    try {
      const refusal = await request.run(password);
      if (refusal === null) onDone();
      else if (PASSWORD_MSGS.includes(refusal)) form.setFields([{ name: 'password', errors: [refusal], value: '' }]);
      else setError(refusal);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form name="ums-confirm" form={form} layout="vertical" onFinish={onFinish} onValuesChange={() => setError('')} data-testid="ums-confirm">
      <div className={styles.confirmText} data-testid="ums-confirm-effects">
        {request.effects}
      </div>
      <LoginPasswordField autoFocus />
      {error ? <Alert type="error" showIcon title={error} className={styles.formAlert} /> : null}
      <div className={styles.modalFooter}>
        <Button onClick={onCancel} disabled={busy}>
          取消
        </Button>
        <Button type="primary" htmlType="submit" loading={busy} disabled={busy} data-testid="ums-confirm-ok">
          {request.okText}
        </Button>
      </div>
    </Form>
  );
}
