'use client';
// 更换手机号 (myAccount/updateMobile): the new phone, the SMS code sent to it (image captcha
// first, then a 60 s wait before another), and the login password. The code proves the new
// phone, the password proves the account; the old phone is told by SMS. The code is asked for
// through myAccount/sendMobileCode, which refuses the number the account already has.
import { ACCOUNT_MSG, type AccountSummary, accountApi, MOBILE_MAX_LENGTH, MSG, UpdateMobileInput } from '@apimarket/contracts';
import { App, Form, Input } from 'antd';
import { CodeField, SmsCodeInput, useSmsCode } from '@/components/user-center/CodeField';
import type { SendWithCaptcha } from '@/components/user-center/SmsCaptchaModal';
import { request } from '@/lib/api/client';
import { zodRule } from '@/lib/form-rules';
import styles from '../ums.module.css';
import { LoginPasswordField } from './PasswordConfirm';
import { CurrentValue, SettingsTips, SubmitRow, useSettingsSubmit } from './SettingsForm';
import { type Loadable, serverMessage } from './shared';

/** The form holds exactly what the call takes. */
type Values = UpdateMobileInput;

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
  const sms = useSmsCode();
  const { submit, submitting, formError, clearError } = useSettingsSubmit(form, fieldOf);

  const getCode = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return; // the field shows why
    }
    const phone = String(form.getFieldValue('mobile') ?? '').trim();
    sms.ask(phone, sendMobileCode(phone));
  };

  const sendMobileCode =
    (phone: string): SendWithCaptcha =>
    async ({ code, uuid }) => {
      try {
        return (await request(accountApi.sendMobileCode, { phone, captcha: code, uuid })).msg;
      } catch (err) {
        // The current number belongs to the field, not the captcha dialog: close it and say so there.
        if (serverMessage(err) === ACCOUNT_MSG.sameMobile) {
          sms.close();
          form.setFields([{ name: 'mobile', errors: [ACCOUNT_MSG.sameMobile] }]);
        }
        throw err;
      }
    };

  const onFinish = (values: Values) =>
    submit(async () => {
      const res = await request(accountApi.updateMobile, { mobile: values.mobile.trim(), smsCode: values.smsCode.trim(), password: values.password });
      message.success(res.msg || ACCOUNT_MSG.mobileChanged);
      form.resetFields();
      sms.countdown.reset();
      onChanged();
    });

  return (
    <div className={styles.formLayout}>
      <div className={styles.form}>
        <CurrentValue label="当前绑定手机号" loading={account.kind === 'loading'} testId="ums-current-mobile">
          {account.kind === 'ready' ? account.data.mobile || '未绑定' : '暂时无法读取'}
        </CurrentValue>
        <Form<Values> name="ums-mobile" form={form} layout="vertical" onFinish={onFinish} onValuesChange={clearError} data-testid="ums-mobile-form">
          <Form.Item name="mobile" label="新手机号" required rules={[zodRule(FIELD.mobile)]}>
            <Input placeholder="请输入新的手机号" maxLength={MOBILE_MAX_LENGTH} inputMode="numeric" autoComplete="tel" />
          </Form.Item>
          <CodeField
            label="短信验证码"
            required
            htmlFor="ums-mobile_smsCode"
            name="smsCode"
            rules={[zodRule(FIELD.smsCode)]}
            input={<SmsCodeInput />}
            countdown={sms.countdown}
            onSend={getCode}
            testId="ums-mobile-get-code"
            buttonClassName={styles.codeButton}
          />
          <LoginPasswordField rule={zodRule(FIELD.password)} />
          <SubmitRow error={formError} testId="ums-mobile-error" submitting={submitting}>
            确认更换
          </SubmitRow>
        </Form>
      </div>
      <SettingsTips
        label="更换手机号说明"
        title="更换须知"
        items={[
          '验证码会发送到新手机号，用于确认您能正常接收短信。',
          '更换成功后，新手机号用于登录验证、找回密码和接收安全提醒。',
          '原手机号会收到一条更换提醒短信；如非本人操作，请立即联系客服。',
          '一个手机号只能绑定一个账号。',
        ]}
      />
      {sms.dialog}
    </div>
  );
}
