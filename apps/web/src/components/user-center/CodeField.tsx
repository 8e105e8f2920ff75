'use client';
// A verification code in a user-center form: the code's input beside the button that sends one
// (counting down the wait before another), and for SMS codes the image captcha that comes first.
// Shared by 账号设置 (a new phone, the notification e-mail) and 预警联系人.
import { SMS_CODE_MAX_LENGTH } from '@apimarket/contracts';
import { App, Button, Form, type FormItemProps, Input, type InputProps, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useCountdown } from '@/components/auth/useCountdown';
import { type SendWithCaptcha, SmsCaptchaModal } from './SmsCaptchaModal';

interface CodeFieldProps {
  label: string;
  /** The inner field's id (`<form name>_<field name>`), so the label points at the input. */
  htmlFor: string;
  required?: boolean;
  extra?: ReactNode;
  name: string;
  rules: FormItemProps['rules'];
  input: ReactNode;
  countdown: { running: boolean; left: number };
  onSend: () => void;
  sending?: boolean;
  /** 获取验证码 for an SMS (the captcha comes first), 发送验证码 for an e-mail. */
  verb?: '获取' | '发送';
  testId: string;
  buttonClassName?: string;
}

export function CodeField({
  label,
  htmlFor,
  required,
  extra,
  name,
  rules,
  input,
  countdown,
  onSend,
  sending,
  verb = '获取',
  testId,
  buttonClassName,
}: CodeFieldProps) {
  return (
    <Form.Item label={label} required={required} htmlFor={htmlFor} extra={extra}>
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={rules}>
          {input}
        </Form.Item>
        <Button onClick={onSend} loading={sending} disabled={sending || countdown.running} className={buttonClassName} data-testid={testId}>
          {countdown.running ? `${countdown.left} 秒后重新${verb}` : `${verb}验证码`}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** The SMS code's input; the props Form.Item injects (id, value, onChange) pass through. */
export function SmsCodeInput(props: InputProps) {
  return <Input placeholder="请输入短信验证码" maxLength={SMS_CODE_MAX_LENGTH} inputMode="numeric" autoComplete="one-time-code" {...props} />;
}

/**
 * The SMS step of a form: `ask` opens the captcha dialog for a phone and its sender; once the code
 * is sent the dialog closes, the server's message shows and the countdown starts. Render `dialog`.
 */
export function useSmsCode() {
  const { message } = App.useApp();
  const countdown = useCountdown();
  const [asking, setAsking] = useState<{ shown: string; send: SendWithCaptcha } | null>(null);
  const close = () => setAsking(null);
  const dialog = (
    <SmsCaptchaModal
      phone={asking?.shown ?? null}
      send={asking?.send}
      onClose={close}
      onSent={(msg) => {
        close();
        message.success(msg);
        countdown.start();
      }}
    />
  );
  return { countdown, ask: (shown: string, send: SendWithCaptcha) => setAsking({ shown, send }), close, dialog };
}
