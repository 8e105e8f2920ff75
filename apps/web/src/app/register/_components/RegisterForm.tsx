'use client';
// Registration and password recovery (spec 01 §4, §5, §8): the username is checked on blur,
// the SMS code needs the phone and image code first and then counts down 60 s, and registering
// without the agreement ticked asks for it in the 温馨提示 dialog first.
import { ContactName, identityApi, ImageCode, MOBILE_MAX_LENGTH, Mobile, MSG, Password, SmsCode, Username } from '@apimarket/contracts';
import { App, Button, Checkbox, Form, Input } from 'antd';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { CaptchaField, SmsCodeField, useSmsSender } from '@/components/auth/CodeFields';
import { request } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { zodRule } from '@/lib/form-rules';
import styles from '@/app/login/_components/login.module.css';
import { AgreementDialog } from './AgreementDialog';

interface Values {
  uName: string;
  mobile: string;
  imgCode: string;
  code: string;
  password: string;
  checkPass: string;
  contacter: string;
  agree: boolean;
}

export function RegisterForm({ mode, openId, username, operator }: { mode: 'register' | 'forget'; openId: string; username: string; operator: string }) {
  const { message, modal } = App.useApp();
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const sms = useSmsSender();
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  // The image code a successful SMS send used up; the register call carries it as imgCode.
  const [sentWith, setSentWith] = useState('');
  const forget = mode === 'forget';

  const refreshCaptcha = () => {
    setCaptchaVersion((v) => v + 1);
    form.setFieldValue('imgCode', '');
  };

  const checkName = async () => {
    const uName = form.getFieldValue('uName') as string | undefined;
    if (!uName) return;
    try {
      await form.validateFields(['uName']);
      await request(identityApi.existMName, { mName: uName });
    } catch (err) {
      // The server's own message (e.g. 该用户名已被注册) shows under the field.
      if (err instanceof ApiError && err.kind === 'server') form.setFields([{ name: 'uName', errors: [err.message] }]);
    }
  };

  const sendCode = async () => {
    const mobile = form.getFieldValue('mobile') as string | undefined;
    const imgCode = (form.getFieldValue('imgCode') as string | undefined)?.trim();
    if (!mobile) return void message.warning(MSG.mobileRequired);
    if (!imgCode) return void message.warning(MSG.imageCode);
    try {
      await form.validateFields(['mobile']);
    } catch {
      return;
    }
    // The captcha's key rides in the imageCodeKey cookie that memberShip/code set. The image code
    // is used up by any send, so a resend needs a new one.
    const sent = await sms.send(() => request(forget ? identityApi.sendSmsPwd : identityApi.sendSms, { phone: mobile, code: imgCode }), refreshCaptcha);
    if (sent) setSentWith(imgCode);
  };

  const submit = async (values: Values) => {
    setSubmitting(true);
    try {
      if (forget) {
        await request(identityApi.postModifyPwd, { pwd: values.password, phone: values.mobile, yzm: values.code });
        message.success('重置密码成功');
        // Let the message be read before the login screen replaces this one.
        window.setTimeout(() => router.push('/login'), 1500);
        return;
      }
      const data = {
        contacter: values.contacter,
        uName: values.uName,
        password: values.password,
        checkPass: values.checkPass,
        mobile: values.mobile,
        code: values.code,
        imgCode: values.imgCode || sentWith,
      };
      if (openId) await request(identityApi.scrmRegister, { ...data, OpenId: openId });
      else await request(identityApi.register, data);
      message.success('注册成功');
      // Let the success message be read, then load the site signed in.
      window.setTimeout(() => window.location.assign('/'), 1000);
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'server') message.error(err.message);
    } finally {
      setSubmitting(false);
    }
  };

  const onFinish = (values: Values) => {
    if (forget || values.agree) return void submit(values);
    modal.confirm({
      title: '温馨提示',
      content: '为了更好地保障您的合法权益，请您阅读并同意《数据API市场平台服务协议》',
      okText: '已阅读并同意',
      cancelText: '取消',
      onOk: () => {
        form.setFieldValue('agree', true);
        void submit({ ...values, agree: true });
      },
    });
  };

  return (
    <>
      <h1 className={styles.title}>{forget ? '找回密码' : openId ? '绑定微信账号' : '注册账号'}</h1>
      <p className={styles.subtitle}>{forget ? '验证绑定手机后设置新的登录密码' : '注册即可申请免费试用，按需购买接口套餐'}</p>
      <Form<Values>
        name="register"
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onFinishFailed={() => message.warning(MSG.incompleteRegister)}
        initialValues={{ uName: username, agree: false }}
        requiredMark={false}
      >
        {forget ? null : (
          <Form.Item name="uName" label="用户名" rules={[zodRule(Username)]} validateTrigger="onBlur">
            <Input placeholder="6-12位，英文开头的英文和数字组合" maxLength={12} onBlur={checkName} autoComplete="username" />
          </Form.Item>
        )}
        <Form.Item name="mobile" label="手机号" rules={[zodRule(Mobile)]}>
          <Input placeholder="请输入手机号" maxLength={MOBILE_MAX_LENGTH} inputMode="numeric" autoComplete="tel" />
        </Form.Item>
        <CaptchaField form="register" name="imgCode" label="图片验证码" rules={sentWith ? [] : [zodRule(ImageCode)]} version={captchaVersion} />
        <SmsCodeField form="register" name="code" label="短信验证码" rules={[zodRule(SmsCode)]} sender={sms} onSend={sendCode} />
        <Form.Item name="password" label={forget ? '新密码' : '密码'} rules={[zodRule(Password)]}>
          <Input.Password placeholder="6-12位，数字、字母、字符至少包含两种" maxLength={12} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="checkPass"
          label="确认密码"
          dependencies={['password']}
          rules={[
            { required: true, message: MSG.checkPassRequired },
            ({ getFieldValue }) => ({
              validator: (_r, v: string) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(MSG.checkPassMismatch))),
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入密码" maxLength={12} autoComplete="new-password" />
        </Form.Item>
        {forget ? null : (
          <>
            <Form.Item name="contacter" label="联系人姓名" rules={[zodRule(ContactName)]}>
              <Input placeholder="方便客服与您联系" maxLength={32} autoComplete="name" />
            </Form.Item>
            <Form.Item name="agree" valuePropName="checked">
              <Checkbox>
                我已阅读并同意
                <button type="button" className={styles.linkButton} onClick={() => setAgreementOpen(true)}>
                  《数据API市场平台服务协议》
                </button>
              </Checkbox>
            </Form.Item>
          </>
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={submitting} className={styles.submit}>
          {forget ? '重置密码' : openId ? '绑定并注册' : '注册'}
        </Button>
      </Form>
      <p className={styles.switch}>
        {forget ? (
          <>
            想起密码了？<Link href="/login">返回登录</Link>　没有账号？<Link href="/register">立即注册</Link>
          </>
        ) : (
          <>
            已有账号？<Link href="/login">立即登录</Link>
          </>
        )}
      </p>
      <AgreementDialog
        operator={operator}
        open={agreementOpen}
        onClose={() => setAgreementOpen(false)}
        onAgree={() => {
          form.setFieldValue('agree', true);
          setAgreementOpen(false);
        }}
      />
    </>
  );
}
