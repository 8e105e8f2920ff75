'use client';
// 绑定邮箱 (UserCenter/activationCode): the notification address for usage alerts and bills.
// The address alone mails a code (then a 60 s wait before another); the address with the code
// binds it.
import { ACCOUNT_MSG, type AccountSummary, ActivationCodeInput, accountApi, Email, MSG } from '@apimarket/contracts';
import { Alert, App, Form, Input } from 'antd';
import { useState } from 'react';
import { useCountdown } from '@/components/auth/useCountdown';
import { CodeField } from '@/components/user-center/CodeField';
import { request } from '@/lib/api/client';
import { zodRule } from '@/lib/form-rules';
import styles from '../ums.module.css';
import { CurrentValue, SettingsTips, SubmitRow, useSettingsSubmit } from './SettingsForm';
import { type Loadable, serverMessage } from './shared';

interface Values {
  email: string;
  code: string;
}

/** Which field a refusal of the server is about; null for the whole form. */
function fieldOf(msg: string): keyof Values | null {
  if (msg === ACCOUNT_MSG.emailCodeWrong || msg === ACCOUNT_MSG.emailCode) return 'code';
  if (msg === MSG.email) return 'email';
  return null;
}

export function EmailSection({ account, onChanged }: { account: Loadable<AccountSummary>; onChanged: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const { submit, submitting, formError, setFormError, clearError } = useSettingsSubmit(form, fieldOf);
  const bound = account.kind === 'ready' ? account.data.email : '';

  const sendCode = async () => {
    let email: string;
    try {
      email = String((await form.validateFields(['email'])).email ?? '').trim();
    } catch {
      return; // the field shows why
    }
    setSending(true);
    setFormError('');
    try {
      const res = await request(accountApi.activationCode, { email });
      message.success(res.msg || ACCOUNT_MSG.emailCodeSent);
      countdown.start();
    } catch (err) {
      const msg = serverMessage(err);
      if (msg === MSG.email) form.setFields([{ name: 'email', errors: [msg] }]);
      else if (msg) message.error(msg);
    } finally {
      setSending(false);
    }
  };

  const onFinish = (values: Values) =>
    submit(async () => {
      const res = await request(accountApi.activationCode, { email: values.email.trim(), code: values.code.trim() });
      message.success(res.msg || ACCOUNT_MSG.emailBound);
      form.resetFields();
      countdown.reset();
      onChanged();
    });

  return (
    <div className={styles.formLayout}>
      <div className={styles.form}>
        <CurrentValue label="当前通知邮箱" loading={account.kind === 'loading'} testId="ums-current-email" empty={!bound}>
          {account.kind === 'failed' ? '暂时无法读取' : bound || '尚未绑定'}
        </CurrentValue>
        {account.kind === 'ready' && !bound ? (
          <Alert type="info" showIcon className={styles.formAlert} title="绑定通知邮箱后，用量预警与账单通知会同时发送到该邮箱，避免错过重要提醒。" />
        ) : null}
        <Form<Values> name="ums-email" form={form} layout="vertical" onFinish={onFinish} onValuesChange={clearError} data-testid="ums-email-form">
          <Form.Item name="email" label={bound ? '新邮箱地址' : '邮箱地址'} required rules={[zodRule(Email)]}>
            <Input placeholder="例如 finance@example.com" maxLength={254} inputMode="email" autoComplete="email" />
          </Form.Item>
          <CodeField
            label="邮箱验证码"
            required
            htmlFor="ums-email_code"
            name="code"
            rules={[{ required: true, whitespace: true, message: ACCOUNT_MSG.emailCode }, zodRule(ActivationCodeInput.shape.code)]}
            input={<Input placeholder="请输入邮件中的验证码" maxLength={6} autoComplete="one-time-code" />}
            countdown={countdown}
            onSend={sendCode}
            sending={sending}
            verb="发送"
            testId="ums-email-send-code"
            buttonClassName={styles.codeButton}
          />
          <SubmitRow error={formError} testId="ums-email-error" submitting={submitting}>
            {bound ? '确认更换' : '确认绑定'}
          </SubmitRow>
        </Form>
      </div>
      <SettingsTips
        label="绑定邮箱说明"
        title="关于通知邮箱"
        items={[
          '通知邮箱用于接收用量预警和账单通知，不能用于登录。',
          '验证码会发送到您填写的邮箱，请在邮件中查看；如未收到，请检查垃圾邮件箱。',
          '建议使用企业邮箱或多人可查看的公共邮箱，便于及时处理预警。',
        ]}
      />
    </div>
  );
}
