'use client';
// 绑定邮箱 (UserCenter/activationCode): the notification address for usage alerts and bills.
// The address alone mails a code (then a 60 s wait before another); the address with the code
// binds it.
import { ACCOUNT_MSG, type AccountSummary, ActivationCodeInput, accountApi, Email, MSG } from '@apimarket/contracts';
import { Alert, App, Button, Form, Input, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useCountdown } from '@/components/auth/useCountdown';
import { request } from '@/lib/api/client';
import { zodRule } from '@/lib/form-rules';
import styles from '../ums.module.css';
import { type Loadable, isThrottled, serverMessage } from './shared';

interface Values {
  email: string;
  code: string;
}

export function EmailSection({ account, onChanged }: { account: Loadable<AccountSummary>; onChanged: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState('');
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

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setFormError('');
    try {
      const res = await request(accountApi.activationCode, { email: values.email.trim(), code: values.code.trim() });
      message.success(res.msg || ACCOUNT_MSG.emailBound);
      form.resetFields();
      countdown.reset();
      onChanged();
    } catch (err) {
      const msg = serverMessage(err);
      if (!msg) return;
      if (!isThrottled(err) && (msg === ACCOUNT_MSG.emailCodeWrong || msg === ACCOUNT_MSG.emailCode)) form.setFields([{ name: 'code', errors: [msg] }]);
      else if (!isThrottled(err) && msg === MSG.email) form.setFields([{ name: 'email', errors: [msg] }]);
      else setFormError(msg);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.formLayout}>
      <div className={styles.form}>
        <div className={styles.current}>
          <span className={styles.currentLabel}>当前通知邮箱</span>
          {account.kind === 'loading' ? (
            <Skeleton.Input active size="small" />
          ) : (
            <strong className={bound ? styles.currentValue : styles.currentEmpty} data-testid="ums-current-email">
              {account.kind === 'failed' ? '暂时无法读取' : bound || '尚未绑定'}
            </strong>
          )}
        </div>
        {account.kind === 'ready' && !bound ? (
          <Alert type="info" showIcon className={styles.formAlert} title="绑定通知邮箱后，用量预警与账单通知会同时发送到该邮箱，避免错过重要提醒。" />
        ) : null}
        <Form<Values> name="ums-email" form={form} layout="vertical" onFinish={onFinish} onValuesChange={() => setFormError('')} data-testid="ums-email-form">
          <Form.Item name="email" label={bound ? '新邮箱地址' : '邮箱地址'} required rules={[zodRule(Email)]}>
            <Input placeholder="例如 finance@example.com" maxLength={254} inputMode="email" autoComplete="email" />
          </Form.Item>
          <Form.Item label="邮箱验证码" required htmlFor="ums-email_code">
            <Space.Compact block>
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, whitespace: true, message: ACCOUNT_MSG.emailCode }, zodRule(ActivationCodeInput.shape.code)]}
              >
                <Input placeholder="请输入邮件中的验证码" maxLength={6} autoComplete="one-time-code" />
              </Form.Item>
              <Button
                onClick={sendCode}
                loading={sending}
                disabled={sending || countdown.running}
                className={styles.codeButton}
                data-testid="ums-email-send-code"
              >
                {countdown.running ? `${countdown.left} 秒后重新发送` : '发送验证码'}
              </Button>
            </Space.Compact>
          </Form.Item>
          {formError ? <Alert type="error" showIcon title={formError} className={styles.formAlert} data-testid="ums-email-error" /> : null}
          <Button type="primary" htmlType="submit" loading={submitting} disabled={submitting}>
            {bound ? '确认更换' : '确认绑定'}
          </Button>
        </Form>
      </div>
      <aside className={styles.tips} aria-label="绑定邮箱说明">
        <h3 className={styles.tipsTitle}>关于通知邮箱</h3>
        <ul className={styles.tipsList}>
          <li>通知邮箱用于接收用量预警和账单通知，不能用于登录。</li>
          <li>验证码会发送到您填写的邮箱，请在邮件中查看；如未收到，请检查垃圾邮件箱。</li>
          <li>建议使用企业邮箱或多人可查看的公共邮箱，便于及时处理预警。</li>
        </ul>
      </aside>
    </div>
  );
}
