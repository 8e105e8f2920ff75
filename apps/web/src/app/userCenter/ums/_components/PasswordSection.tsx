'use client';
// 修改密码 (UserCenter/Modification): the current password, the new one twice. The rules are the
// server's own schema; the server's refusals land on the field they are about, or above the
// button when they concern the whole form (too many wrong tries).
import { ACCOUNT_MSG, accountApi, ChangePasswordInput, MSG } from '@apimarket/contracts';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { request } from '@/lib/api/client';
import { zodRule } from '@/lib/form-rules';
import styles from '../ums.module.css';
import { isThrottled, serverMessage } from './shared';

interface Values {
  oldPassword: string;
  password: string;
  checkPass: string;
}

const FIELD = ChangePasswordInput.shape;

/** Which field a refusal of the server is about; null for the whole form. */
function fieldOf(msg: string): keyof Values | null {
  if (msg === ACCOUNT_MSG.oldPasswordWrong || msg === ACCOUNT_MSG.oldPassword) return 'oldPassword';
  if (msg === ACCOUNT_MSG.samePassword || msg === MSG.passwordLength || msg === MSG.passwordMix) return 'password';
  if (msg === MSG.checkPassMismatch || msg === MSG.checkPassRequired) return 'checkPass';
  return null;
}

export function PasswordSection() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState('');

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setFormError('');
    try {
      const res = await request(accountApi.changePassword, { oldPassword: values.oldPassword, password: values.password, checkPass: values.checkPass });
      message.success(res.msg || ACCOUNT_MSG.passwordChanged);
      form.resetFields();
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
      <Form<Values>
        name="ums-password"
        form={form}
        layout="vertical"
        className={styles.form}
        onFinish={onFinish}
        onValuesChange={() => setFormError('')}
        data-testid="ums-password-form"
      >
        <Form.Item name="oldPassword" label="原密码" required rules={[zodRule(FIELD.oldPassword)]}>
          <Input.Password placeholder="请输入当前登录密码" autoComplete="current-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="password"
          label="新密码"
          required
          dependencies={['oldPassword']}
          rules={[
            zodRule(FIELD.password),
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) =>
                value && value === getFieldValue('oldPassword') ? Promise.reject(new Error(ACCOUNT_MSG.samePassword)) : Promise.resolve(),
            }),
          ]}
        >
          <Input.Password placeholder="6-12 位，数字、字母、字符至少包含两种" autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="checkPass"
          label="确认新密码"
          required
          dependencies={['password']}
          rules={[
            zodRule(FIELD.checkPass),
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) =>
                value && value !== getFieldValue('password') ? Promise.reject(new Error(MSG.checkPassMismatch)) : Promise.resolve(),
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" maxLength={64} />
        </Form.Item>
        {formError ? <Alert type="error" showIcon title={formError} className={styles.formAlert} data-testid="ums-password-error" /> : null}
        <Button type="primary" htmlType="submit" loading={submitting} disabled={submitting}>
          确认修改
        </Button>
      </Form>
      <aside className={styles.tips} aria-label="修改密码说明">
        <h3 className={styles.tipsTitle}>修改须知</h3>
        <ul className={styles.tipsList}>
          <li>新密码长度为 6-12 位，需包含数字、字母、字符中的至少两种。</li>
          <li>新密码不能与原密码相同，也不建议与其他网站的密码相同。</li>
          <li>修改成功后，当前设备保持登录，其他设备上的登录将全部退出。</li>
          <li>原密码多次输错后需等待一段时间才能再试；忘记原密码时，请退出登录后通过「忘记密码」重置。</li>
        </ul>
      </aside>
    </div>
  );
}
