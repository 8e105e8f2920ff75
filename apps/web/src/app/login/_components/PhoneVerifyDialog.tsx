'use client';
// The phone security check (spec 01 §4, Decision 17): the masked bound phone, the full number,
// the graphic code, and the SMS code with a 60 s countdown that resets on failure.
import { identityApi, MOBILE_MAX_LENGTH, Mobile, MSG, PhoneVerifyCode, SMS_CODE_MAX_LENGTH } from '@apimarket/contracts';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { AddonField } from '@/components/auth/AddonField';
import { CaptchaImage } from '@/components/auth/CaptchaImage';
import { useCountdown } from '@/components/auth/useCountdown';
import { request } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { zodRule } from '@/lib/form-rules';
import styles from './login.module.css';

interface Values {
  phone: string;
  code: string;
  verifyCode: string;
}

export function PhoneVerifyDialog({
  mobile,
  loginName,
  onCancel,
  onVerified,
}: {
  mobile: string;
  loginName: string;
  onCancel: () => void;
  onVerified: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const countdown = useCountdown();
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const sendCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return;
    }
    const code = (form.getFieldValue('code') as string | undefined)?.trim();
    if (!code) {
      message.warning(MSG.graphicCodeFirst);
      return;
    }
    setSending(true);
    try {
      const res = await request(identityApi.sendVerifyCode, { phone: form.getFieldValue('phone'), code });
      message.success(res.msg);
      countdown.start();
    } catch (err) {
      countdown.reset();
      if (err instanceof ApiError && err.kind === 'server') message.error(err.message);
    } finally {
      setSending(false);
      setCaptchaVersion((v) => v + 1);
      form.setFieldValue('code', '');
    }
  };

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    try {
      await request(identityApi.mobileVerifyLogin, { phone: values.phone, loginName, verifyCode: values.verifyCode });
      message.success('验证成功');
      onVerified();
    } catch (err) {
      countdown.reset();
      if (err instanceof ApiError && err.kind === 'server') message.error(err.message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal open title="手机安全验证" onCancel={onCancel} footer={null} destroyOnHidden maskClosable={false}>
      <p className={styles.notice}>
        当前登录环境与常用环境不同，为保障账号安全，请验证账号绑定的手机 <strong data-testid="masked-mobile">{mobile}</strong>。
      </p>
      <Form<Values> name="phoneCheck" form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="phone" label="绑定手机号" rules={[zodRule(Mobile)]}>
          <Input placeholder="请输入完整的绑定手机号" maxLength={MOBILE_MAX_LENGTH} inputMode="numeric" />
        </Form.Item>
        {/* The graphic code is needed only to send the SMS (checked there), not to submit. */}
        <AddonField
          form="phoneCheck"
          name="code"
          label="图形验证码"
          placeholder="请输入右侧图形验证码"
          maxLength={8}
          autoComplete="off"
          addon={<CaptchaImage version={captchaVersion} />}
        />
        <AddonField
          form="phoneCheck"
          name="verifyCode"
          label="手机验证码"
          rules={[zodRule(PhoneVerifyCode)]}
          placeholder="请输入手机验证码"
          maxLength={SMS_CODE_MAX_LENGTH}
          inputMode="numeric"
          autoComplete="one-time-code"
          addon={
            <Button onClick={sendCode} disabled={countdown.running} loading={sending} className={styles.codeButton}>
              {countdown.running ? `${countdown.left}秒后重发` : '获取验证码'}
            </Button>
          }
        />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          验证并登录
        </Button>
      </Form>
    </Modal>
  );
}
