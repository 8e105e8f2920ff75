'use client';
// The login form (spec 01 §4 "Login submit"): success goes to the redirect target, else home
// on phones and the user center on desktops; ALL_0050 opens the phone check; from the fifth
// failure the image captcha is asked for.
import { CAPTCHA_AFTER_LOGIN_FAILURES, identityApi, LoginCaptcha, LoginName, LoginPwd } from '@apimarket/contracts';
import { App, Button, Checkbox, Form, Input } from 'antd';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { CaptchaField } from '@/components/auth/CodeFields';
import { request } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { zodRule } from '@/lib/form-rules';
import { useDevice } from '@/lib/use-device';
import styles from './login.module.css';
import { PhoneVerifyDialog } from './PhoneVerifyDialog';

/** Decision 13: "remember" keeps the login name here (never the password). */
export const REMEMBERED_NAME_KEY = 'apimarket.loginName';

interface Values {
  name: string;
  pwd: string;
  code?: string;
  remember: boolean;
}

interface Challenge {
  mobile: string;
  loginName: string;
  remember: boolean;
}

export function LoginForm({ redirect }: { redirect: string | null }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const device = useDevice();
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | null>(null);

  useEffect(() => {
    const remembered = window.localStorage.getItem(REMEMBERED_NAME_KEY);
    if (remembered) form.setFieldsValue({ name: remembered, remember: true });
  }, [form]);

  const signedIn = (name: string, remember: boolean) => {
    if (remember) window.localStorage.setItem(REMEMBERED_NAME_KEY, name);
    else window.localStorage.removeItem(REMEMBERED_NAME_KEY);
    // A full navigation, so every part of the page reads the new login state.
    window.location.assign(redirect ?? (device.isMobile ? '/' : '/userCenter'));
  };

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    try {
      await request(identityApi.login, {
        name: values.name,
        pwd: values.pwd,
        code: needCaptcha ? values.code : undefined,
        remember: values.remember ? '1' : '0',
      });
      message.success('登录成功');
      signedIn(values.name, values.remember);
    } catch (err) {
      if (!(err instanceof ApiError) || err.kind !== 'server') return;
      if (err.code === 'ALL_0050') {
        const loginName = typeof err.body.loginName === 'string' ? err.body.loginName : values.name;
        setChallenge({ mobile: String(err.body.mobile ?? ''), loginName, remember: values.remember });
        return;
      }
      const failures = Number(err.body.exceptionLoginCount ?? 0);
      if (failures >= CAPTCHA_AFTER_LOGIN_FAILURES || needCaptcha) {
        setNeedCaptcha(true);
        setCaptchaVersion((v) => v + 1); // a captcha is single use: draw a fresh one
        form.setFieldValue('code', '');
      }
      message.warning(err.message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <h1 className={styles.title}>账号登录</h1>
      <p className={styles.subtitle}>欢迎回来，登录后管理接口、密钥与调用记录</p>
      <Form<Values> name="login" form={form} layout="vertical" size="large" onFinish={onFinish} initialValues={{ remember: false }} requiredMark={false}>
        <Form.Item name="name" label="账号" rules={[zodRule(LoginName)]}>
          <Input placeholder="用户名或手机号" autoComplete="username" maxLength={64} />
        </Form.Item>
        <Form.Item name="pwd" label="密码" rules={[zodRule(LoginPwd)]}>
          <Input.Password placeholder="请输入密码" autoComplete="current-password" maxLength={64} />
        </Form.Item>
        {needCaptcha ? <CaptchaField form="login" name="code" label="验证码" rules={[zodRule(LoginCaptcha)]} version={captchaVersion} /> : null}
        <div className={styles.row}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>记住账号，30天内免登录</Checkbox>
          </Form.Item>
          <Link href="/register?type=forget">忘记密码</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={submitting} className={styles.submit}>
          登录
        </Button>
      </Form>
      <p className={styles.switch}>
        还没有账号？<Link href="/register">立即注册</Link>
      </p>
      {challenge ? (
        <PhoneVerifyDialog
          mobile={challenge.mobile}
          loginName={challenge.loginName}
          onCancel={() => setChallenge(null)}
          onVerified={() => signedIn(challenge.loginName, challenge.remember)}
        />
      ) : null}
    </>
  );
}
