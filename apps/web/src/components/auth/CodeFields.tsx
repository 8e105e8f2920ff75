'use client';
// The two code rows of the sign-in forms (login, registration, password recovery, the login phone
// check): the graphic code beside its image, and the SMS code beside its 60 s 获取验证码 button.
import { SMS_CODE_MAX_LENGTH } from '@apimarket/contracts';
import { App, Button, type FormRule } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/lib/api/errors';
import { AddonField } from './AddonField';
import styles from './auth.module.css';
import { CaptchaImage } from './CaptchaImage';
import { useCountdown } from './useCountdown';

interface CodeProps {
  form: string;
  name: string;
  label: string;
  rules?: FormRule[];
}

/** The graphic code; a new `version` loads a new image. */
export function CaptchaField({ version, ...field }: CodeProps & { version: number }) {
  return <AddonField {...field} placeholder={`请输入右侧${field.label}`} maxLength={8} autoComplete="off" addon={<CaptchaImage version={version} />} />;
}

/** Sending an SMS code: whether one is on its way, and the countdown until the next may go. */
export function useSmsSender() {
  const { message } = App.useApp();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  /**
   * Sends with `call`: success shows the server's words and starts the countdown; a refusal shows
   * its message and brings the button back at once. Either way the graphic code the send used is
   * spent, so `after` replaces it. Resolves whether the code was sent.
   */
  const send = async (call: () => Promise<{ msg: string }>, after: () => void): Promise<boolean> => {
    setSending(true);
    try {
      const res = await call();
      message.success(res.msg);
      countdown.start();
      return true;
    } catch (err) {
      countdown.reset();
      if (err instanceof ApiError && err.kind === 'server') message.error(err.message);
      return false;
    } finally {
      setSending(false);
      after();
    }
  };
  return { countdown, sending, send };
}

/** The SMS code; the button asks for one (`onSend`) and then counts down until it may ask again. */
export function SmsCodeField({ sender, onSend, ...field }: CodeProps & { sender: ReturnType<typeof useSmsSender>; onSend: () => void }) {
  const { countdown, sending } = sender;
  return (
    <AddonField
      {...field}
      placeholder={`请输入${field.label}`}
      maxLength={SMS_CODE_MAX_LENGTH}
      inputMode="numeric"
      autoComplete="one-time-code"
      addon={
        <Button onClick={onSend} disabled={countdown.running} loading={sending} className={styles.codeButton}>
          {countdown.running ? `${countdown.left}秒后重发` : '获取验证码'}
        </Button>
      }
    />
  );
}
