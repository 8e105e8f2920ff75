'use client';
// 更换手机号 (myAccount/updateMobile): the new phone, the SMS code sent to it (image captcha
// first, then a 60 s wait before another), and the login password. The code proves the new
// phone, the password proves the account; the old phone is told by SMS. The code is asked for
// through myAccount/sendMobileCode, which refuses the number the account already has.
import { ACCOUNT_MSG, type AccountSummary, accountApi, MOBILE_MAX_LENGTH, MSG, SMS_CODE_MAX_LENGTH, UpdateMobileInput } from '@apimarket/contracts';
import { Alert, App, Button, Form, Input, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useCountdown } from '@/components/auth/useCountdown';
import { type SendWithCaptcha, SmsCaptchaModal } from '@/components/user-center/SmsCaptchaModal';
import { request } from '@/lib/api/client';
import { zodRule } from '@/lib/form-rules';
import styles from '../ums.module.css';
import { type Loadable, isThrottled, serverMessage } from './shared';

interface Values {
  mobile: string;
  smsCode: string;
  password: string;
}

const FIELD = UpdateMobileInput.shape;

/** Which field a refusal of the server is about; null for the whole form. */
function fieldOf(msg: string): keyof Values | null {
  if (msg === ACCOUNT_MSG.sameMobile || msg === MSG.mobileInvalid || msg === MSG.mobileRequired || msg.includes('手机号')) return 'mobile';
  if (msg === MSG.smsCode || msg.includes('验证码')) return 'smsCode';
  if (msg === MSG.passwordRequired || msg.includes('密码')) return 'password';
  return null;
}

export function MobileSection({ account, onChanged }: { account: Loadable<AccountSummary>; onChanged: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const countdown = useCountdown();
  const [captchaFor, setCaptchaFor] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState('');

  const getCode = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return; // the field shows why
    }
    setCaptchaFor(String(form.getFieldValue('mobile') ?? '').trim());
  };

  const sendMobileCode =
    (phone: string): SendWithCaptcha =>
    async ({ code, uuid }) => {
      try {
        return (await request(accountApi.sendMobileCode, { phone, captcha: code, uuid })).msg;
      } catch (err) {
        // The current number belongs to the field, not the captcha dialog: close it and say so there.
        if (serverMessage(err) === ACCOUNT_MSG.sameMobile) {
          setCaptchaFor(null);
          form.setFields([{ name: 'mobile', errors: [ACCOUNT_MSG.sameMobile] }]);
        }
        throw err;
      }
    };

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setFormError('');
    try {
      const res = await request(accountApi.updateMobile, { mobile: values.mobile.trim(), smsCode: values.smsCode.trim(), password: values.password });
      message.success(res.msg || ACCOUNT_MSG.mobileChanged);
      form.resetFields();
      countdown.reset();
      onChanged();
    } catch (err) {
      const msg = serverMessage(err);
      if (!msg) return;
      const field = isThrottled(err) ? null : fieldOf(msg);
      if (field) form.setFields([{ name: field, errors: [msg] }]);
      else setFormError(msg);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.formLayout}>
      <div className={styles.form}>
        <div className={styles.current}>
          <span className={styles.currentLabel}>当前绑定手机号</span>
          {account.kind === 'loading' ? (
            <Skeleton.Input active size="small" />
          ) : (
            <strong className={styles.currentValue} data-testid="ums-current-mobile">
              {account.kind === 'ready' ? account.data.mobile || '未绑定' : '暂时无法读取'}
            </strong>
          )}
        </div>
        <Form<Values> name="ums-mobile" form={form} layout="vertical" onFinish={onFinish} onValuesChange={() => setFormError('')} data-testid="ums-mobile-form">
          <Form.Item name="mobile" label="新手机号" required rules={[zodRule(FIELD.mobile)]}>
            <Input placeholder="请输入新的手机号" maxLength={MOBILE_MAX_LENGTH} inputMode="numeric" autoComplete="tel" />
          </Form.Item>
          <Form.Item label="短信验证码" required htmlFor="ums-mobile_smsCode">
            <Space.Compact block>
              <Form.Item name="smsCode" noStyle rules={[zodRule(FIELD.smsCode)]}>
                <Input placeholder="请输入短信验证码" maxLength={SMS_CODE_MAX_LENGTH} inputMode="numeric" autoComplete="one-time-code" />
              </Form.Item>
              <Button onClick={getCode} disabled={countdown.running} className={styles.codeButton} data-testid="ums-mobile-get-code">
                {countdown.running ? `${countdown.left} 秒后重新获取` : '获取验证码'}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="password" label="登录密码" required rules={[zodRule(FIELD.password)]} extra="为确认是您本人操作，请输入当前账号的登录密码。">
            <Input.Password placeholder="请输入登录密码" autoComplete="current-password" maxLength={64} />
          </Form.Item>
          {formError ? <Alert type="error" showIcon title={formError} className={styles.formAlert} data-testid="ums-mobile-error" /> : null}
          <Button type="primary" htmlType="submit" loading={submitting} disabled={submitting}>
            确认更换
          </Button>
        </Form>
      </div>
      <aside className={styles.tips} aria-label="更换手机号说明">
        <h3 className={styles.tipsTitle}>更换须知</h3>
        <ul className={styles.tipsList}>
          <li>验证码会发送到新手机号，用于确认您能正常接收短信。</li>
          <li>更换成功后，新手机号用于登录验证、找回密码和接收安全提醒。</li>
          <li>原手机号会收到一条更换提醒短信；如非本人操作，请立即联系客服。</li>
          <li>一个手机号只能绑定一个账号。</li>
        </ul>
      </aside>
      <SmsCaptchaModal
        phone={captchaFor}
        send={captchaFor ? sendMobileCode(captchaFor) : undefined}
        onClose={() => setCaptchaFor(null)}
        onSent={(msg) => {
          setCaptchaFor(null);
          message.success(msg);
          countdown.start();
        }}
      />
    </div>
  );
}
