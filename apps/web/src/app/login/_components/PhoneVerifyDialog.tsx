'use client';
// The phone security check (spec 01 §4, Decision 17): the masked bound phone, the full number,
// the graphic code, and the SMS code with a 60 s countdown that resets on failure.
import { identityApi, MOBILE_MAX_LENGTH, Mobile, MSG, PhoneVerifyCode } from '@apimarket/contracts';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { CaptchaField, SmsCodeField, useSmsSender } from '@/components/auth/CodeFields';
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
  const sms = useSmsSender();
  const [captchaVersion, setCaptchaVersion] = useState(0);
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
    await sms.send(
      () => request(identityApi.sendVerifyCode, { phone: form.getFieldValue('phone'), code }),
      () => {
        setCaptchaVersion((v) => v + 1);
        form.setFieldValue('code', '');
      },
    );
  };

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    try {
      await request(identityApi.mobileVerifyLogin, { phone: values.phone, loginName, verifyCode: values.verifyCode });
      message.success('验证成功');
      onVerified();
    } catch (err) {
      sms.countdown.reset();
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
        <CaptchaField form="phoneCheck" name="code" label="图形验证码" version={captchaVersion} />
        <SmsCodeField form="phoneCheck" name="verifyCode" label="手机验证码" rules={[zodRule(PhoneVerifyCode)]} sender={sms} onSend={sendCode} />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          验证并登录
        </Button>
      </Form>
    </Modal>
  );
}
