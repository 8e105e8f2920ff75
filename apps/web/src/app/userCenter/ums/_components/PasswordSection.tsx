'use client';
// 修改密码 (UserCenter/Modification): the current password, the new one twice. The rules are the
// server's own schema; the server's refusals land on the field they are about, or above the
// button when they concern the whole form (too many wrong tries).
import { ACCOUNT_MSG, accountApi, ChangePasswordInput, MSG } from '@apimarket/contracts';
import { App, Form, type FormRule, Input } from 'antd';
import { request } from '@/lib/api/client';
import { zodRule } from '@/lib/form-rules';
import styles from '../ums.module.css';
import { SettingsTips, SubmitRow, useSettingsSubmit } from './SettingsForm';

/** The form holds exactly what the call takes. */
type Values = ChangePasswordInput;

const FIELD = ChangePasswordInput.shape;

/** Which field a refusal of the server is about; null for the whole form. */
function fieldOf(msg: string): keyof Values | null {
  if (msg === ACCOUNT_MSG.oldPasswordWrong || msg === ACCOUNT_MSG.oldPassword) return 'oldPassword';
  if (msg === ACCOUNT_MSG.samePassword || msg === MSG.passwordLength || msg === MSG.passwordMix) return 'password';
  if (msg === MSG.checkPassMismatch || msg === MSG.checkPassRequired) return 'checkPass';
  return null;
}

/** Refuses a value equal to (or, with `mustEqual`, different from) another field's, before the round trip. */
const against =
  (other: keyof Values, mustEqual: boolean, msg: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => (value && (value === getFieldValue(other)) !== mustEqual ? Promise.reject(new Error(msg)) : Promise.resolve()),
  });

export function PasswordSection() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { submit, submitting, formError, clearError } = useSettingsSubmit(form, fieldOf);

  const onFinish = (values: Values) =>
    submit(async () => {
      const res = await request(accountApi.changePassword, { oldPassword: values.oldPassword, password: values.password, checkPass: values.checkPass });
      message.success(res.msg || ACCOUNT_MSG.passwordChanged);
      form.resetFields();
    });

  return (
    <div className={styles.formLayout}>
      <Form<Values>
        name="ums-password"
        form={form}
        layout="vertical"
        className={styles.form}
        onFinish={onFinish}
        onValuesChange={clearError}
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
          rules={[zodRule(FIELD.password), against('oldPassword', false, ACCOUNT_MSG.samePassword)]}
        >
          <Input.Password placeholder="6-12 位，数字、字母、字符至少包含两种" autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="checkPass"
          label="确认新密码"
          required
          dependencies={['password']}
          rules={[zodRule(FIELD.checkPass), against('password', true, MSG.checkPassMismatch)]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <SubmitRow error={formError} testId="ums-password-error" submitting={submitting}>
          确认修改
        </SubmitRow>
      </Form>
      <SettingsTips
        label="修改密码说明"
        title="修改须知"
        items={[
          '新密码长度为 6-12 位，需包含数字、字母、字符中的至少两种。',
          '新密码不能与原密码相同，也不建议与其他网站的密码相同。',
          '修改成功后，当前设备保持登录，其他设备上的登录将全部退出。',
          '原密码多次输错后需等待一段时间才能再试；忘记原密码时，请退出登录后通过「忘记密码」重置。',
        ]}
      />
    </div>
  );
}
