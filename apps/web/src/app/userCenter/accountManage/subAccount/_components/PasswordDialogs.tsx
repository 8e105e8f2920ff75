'use client';
// A sub-account's password: how it is given (shown once here, or an SMS link the holder opens),
// the reset dialog (accountManagement/resetPassword), and the one time a generated password is
// shown. The password is never kept or shown again: closing the result dialog forgets it.
import { type SubAccountRow, type SubAccountSaved, subAccountsApi } from '@apimarket/contracts';
import { Alert, App, Button, Form, Modal, Radio, Typography } from 'antd';
import { FormDialog } from '@/components/user-center/FormDialog';
import { useCallMutation } from '@/lib/api/query';
import styles from './sub-accounts.module.css';

type Delivery = 'show' | 'sms';

/** The choice between a password shown once and an SMS invitation, each with its line of explanation. */
export function PasswordDeliveryField({ inviteHours, label }: { inviteHours: number; label: string }) {
  return (
    <Form.Item name="passwordDelivery" label={label} required>
      <Radio.Group className={styles.choices}>
        <Radio value="show">
          生成初始密码（仅显示一次）
          <span className={styles.choiceNote}>保存后显示一次，由您转交使用人；首次登录后建议修改</span>
        </Radio>
        <Radio value="sms">
          短信邀请设置密码
          <span className={styles.choiceNote}>向子账号手机号发送设置密码的链接，{inviteHours} 小时内有效</span>
        </Radio>
      </Radio.Group>
    </Form.Item>
  );
}

export function ResetPasswordDialog({
  target,
  inviteHours,
  onClose,
  onDone,
}: {
  target: SubAccountRow | null;
  inviteHours: number;
  onClose: () => void;
  onDone: (saved: SubAccountSaved, msg: string) => void;
}) {
  const [form] = Form.useForm<{ passwordDelivery: Delivery }>();
  const reset = useCallMutation(subAccountsApi.resetPassword, { invalidates: [subAccountsApi.list] });

  const submit = async ({ passwordDelivery }: { passwordDelivery: Delivery }) => {
    if (!target) return;
    try {
      const res = await reset.mutateAsync({ id: target.id, passwordDelivery });
      onDone(res.data, res.msg);
    } catch {
      // The request layer's toast has said why.
    }
  };

  return (
    <FormDialog<{ passwordDelivery: Delivery }>
      open={target !== null}
      title={`重置「${target?.loginName ?? ''}」的密码`}
      width={480}
      okText="重 置"
      saving={reset.isPending}
      form={form}
      name="sub-reset"
      initialValues={{ passwordDelivery: 'show' }}
      onFinish={submit}
      onCancel={onClose}
      hint="重置后原密码立即失效，该子账号已登录的会话随即结束。"
    >
      <PasswordDeliveryField inviteHours={inviteHours} label="新密码方式" />
    </FormDialog>
  );
}

/** The generated password, this once: the login name and password with a copy button. */
export function PasswordResult({ result, reset, onClose }: { result: SubAccountSaved | null; reset: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const password = result?.initialPassword ?? '';
  const label = reset ? '新密码' : '初始密码';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`用户名：${result?.loginName ?? ''}\n${label}：${password}`);
      message.success('已复制用户名和密码');
    } catch {
      message.warning('无法访问剪贴板，请手动选中复制');
    }
  };

  return (
    <Modal
      open={result !== null && password !== ''}
      title={reset ? '密码已重置' : '子账号已创建'}
      width={480}
      onCancel={onClose}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={[
        <Button key="copy" onClick={() => void copy()}>
          复制用户名和密码
        </Button>,
        <Button key="done" type="primary" onClick={onClose}>
          我已保存
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon title="密码只显示这一次，关闭后无法再次查看。请立即复制，并通过安全的方式交给使用人。" />
      <div className={styles.secret} data-testid="sub-password">
        <div className={styles.secretRow}>
          <span className={styles.secretLabel}>用户名</span>
          <Typography.Text className={styles.secretValue}>{result?.loginName}</Typography.Text>
        </div>
        <div className={styles.secretRow}>
          <span className={styles.secretLabel}>{label}</span>
          <Typography.Text className={styles.secretValue} copyable={{ text: password, tooltips: ['复制密码', '已复制'] }}>
            {password}
          </Typography.Text>
        </div>
      </div>
      <p className={styles.choiceNote}>使用人在登录页用以上用户名和密码登录；忘记密码时可在这里重置。</p>
    </Modal>
  );
}
