'use client';
// 设置子账号密码 (memberShip/invite, memberShip/acceptInvite): the link from the SMS names the
// sub-account; its holder chooses the password with the site's password rule, then logs in.
// A used, expired or unknown link says so in the server's words and points to the login.
import { AcceptInviteInput, MSG, Password, SUB_MSG, subAccountsApi } from '@apimarket/contracts';
import { Button, Form, Input, Result, Skeleton } from 'antd';
import Link from 'next/link';
import { useState } from 'react';
import styles from '@/app/login/_components/login.module.css';
import { NETWORK_ERROR_MSG, serverMessage } from '@/lib/api/errors';
import { toastFailure, useCall, useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import { dateTime } from '@/lib/format';

interface Values {
  password: string;
  checkPass: string;
}

export function InviteForm({ token }: { token: string }) {
  const [form] = Form.useForm<Values>();
  const invite = useCall(subAccountsApi.invite, { inviteToken: token }, { quiet: true });
  const [done, setDone] = useState(false);
  // A link that turned out spent when the password was sent (used in another tab meanwhile).
  const [spent, setSpent] = useState('');
  const accept = useCallMutation(subAccountsApi.acceptInvite, { quiet: true });

  const submit = async (values: Values) => {
    try {
      await accept.mutateAsync({ inviteToken: token, password: values.password, checkPass: values.checkPass });
      setDone(true);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg === SUB_MSG.inviteInvalid) setSpent(msg);
      else if (msg?.includes('密码')) form.setFields([{ name: 'password', errors: [msg] }]);
      else toastFailure(err);
    }
  };

  const toLogin = (
    <Link href="/login">
      <Button type="primary" size="large" className={styles.submit}>
        前往登录
      </Button>
    </Link>
  );

  if (invite.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;

  const view = invite.data?.data;
  if (!view || spent) {
    const why = spent || (invite.error ? (serverMessage(invite.error) ?? NETWORK_ERROR_MSG) : SUB_MSG.inviteInvalid);
    return <Result status="warning" title="链接无法使用" subTitle={why} extra={toLogin} data-testid="invite-invalid" />;
  }

  if (done) {
    return (
      <Result status="success" title="密码已设置" subTitle={`请使用用户名 ${view.loginName} 和刚设置的密码登录`} extra={toLogin} data-testid="invite-done" />
    );
  }

  return (
    <>
      <h1 className={styles.title}>设置子账号密码</h1>
      <p className={styles.subtitle}>设置后即可登录。本链接 {dateTime(view.expiresAt)} 前有效，只能使用一次</p>
      <Form<Values> name="invite" form={form} layout="vertical" size="large" onFinish={submit} requiredMark={false}>
        <Form.Item label="用户名" htmlFor="invite_loginName">
          {/* Read-only, and named for password managers so they save the new password under it. */}
          <Input id="invite_loginName" value={view.loginName} readOnly variant="filled" autoComplete="username" data-testid="invite-login-name" />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[zodRule(Password)]}>
          <Input.Password placeholder="6-12位，数字、字母、字符至少包含两种" maxLength={12} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="checkPass"
          label="确认密码"
          dependencies={['password']}
          rules={[
            zodRule(AcceptInviteInput.shape.checkPass),
            ({ getFieldValue }) => ({
              validator: (_r, v: string) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(SUB_MSG.checkPass))),
            }),
          ]}
        >
          <Input.Password placeholder={MSG.checkPassRequired} maxLength={12} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={accept.isPending} className={styles.submit}>
          设置密码
        </Button>
      </Form>
      <p className={styles.switch}>
        已设置过密码？<Link href="/login">直接登录</Link>
      </p>
    </>
  );
}
