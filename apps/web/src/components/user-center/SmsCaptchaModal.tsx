'use client';
// The image-captcha step before an SMS code is sent (captchaImage, then api/sms/send): the
// dialog opens with a fresh captcha, a click on the image draws another, and a refusal draws a
// new one too (a captcha is single use). The public pages' CaptchaDialog is a plain <dialog>
// styled for pages without antd; inside the user center this antd version matches the rest.
// Shared by 账号设置 (a new phone: myAccount/sendMobileCode) and 预警联系人 (myWarn/sendVerifyCode): `send` sends
// the code with the answered captcha and resolves to the server's message.
import { ImageCode, identityApi } from '@apimarket/contracts';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { zodRule } from '@/lib/form-rules';
import styles from './captcha.module.css';

/** Sends the code once the captcha is answered; resolves to the server's message. */
export type SendWithCaptcha = (captcha: { code: string; uuid: string }) => Promise<string>;

const sendGeneral =
  (phone: string): SendWithCaptcha =>
  async ({ code, uuid }) =>
    (await request(identityApi.smsSend, { captcha: code, phone, uuid })).msg;

export function SmsCaptchaModal({
  phone,
  onSent,
  onClose,
  send,
}: {
  /** The phone shown (masked or whole); null: closed. */
  phone: string | null;
  onSent: (msg: string) => void;
  onClose: () => void;
  send?: SendWithCaptcha;
}) {
  return (
    <Modal open={phone !== null} title="安全验证" onCancel={onClose} footer={null} width={400} destroyOnHidden mask={{ closable: false }}>
      {phone ? <CaptchaForm phone={phone} onSent={onSent} send={send ?? sendGeneral(phone)} /> : null}
    </Modal>
  );
}

type Captcha = { kind: 'loading' } | { kind: 'ready'; src: string; uuid: string } | { kind: 'failed' };

function CaptchaForm({ phone, onSent, send }: { phone: string; onSent: (msg: string) => void; send: SendWithCaptcha }) {
  const [form] = Form.useForm<{ captcha: string }>();
  const [captcha, setCaptcha] = useState<Captcha>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  // Not a cached query: every drawing is a new single-use captcha, never one served from a cache.
  const draw = useCallback(async () => {
    setCaptcha({ kind: 'loading' });
    try {
      // img and uuid ride beside code and msg (the spec's captcha shape).
      const res = await request(identityApi.captchaImage, {}, { silent: true });
      setCaptcha({ kind: 'ready', src: `data:image/png;base64,${res.img}`, uuid: res.uuid });
    } catch {
      setCaptcha({ kind: 'failed' });
    }
  }, []);
  // One captcha per opening: React's development double run of effects would otherwise draw two,
  // and the one on screen need not be the one whose answer is typed (single use, so the send fails).
  const drawn = useRef(false);
  useEffect(() => {
    if (drawn.current) return;
    drawn.current = true;
    void draw();
  }, [draw]);

  const redraw = () => {
    form.setFieldValue('captcha', '');
    void draw();
  };

  const onFinish = async ({ captcha: code }: { captcha: string }) => {
    if (captcha.kind !== 'ready') return;
    setBusy(true);
    setError('');
    try {
      onSent(await send({ code: code.trim(), uuid: captcha.uuid }));
    } catch (err) {
      setError(serverMessage(err) ?? '');
      redraw();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form name="ums-captcha" form={form} layout="vertical" onFinish={onFinish} className={styles.captchaForm}>
      <p className={styles.muted}>
        验证码将发送至 <strong className={styles.mono}>{phone}</strong>，请先输入图片中的字符。
      </p>
      <Form.Item label="图片验证码" required htmlFor="ums-captcha_captcha">
        <div className={styles.addonRow}>
          <Form.Item name="captcha" noStyle rules={[zodRule(ImageCode)]}>
            <Input placeholder="请输入图片验证码" maxLength={8} autoComplete="off" />
          </Form.Item>
          <button type="button" className={styles.captchaButton} onClick={redraw} title="看不清？点击换一张" aria-label="看不清？点击换一张">
            {captcha.kind === 'ready' ? (
              // biome-ignore lint/performance/noImgElement: a one-off data: captcha image
              <img src={captcha.src} alt="图片验证码" width={110} height={32} data-testid="ums-captcha-image" />
            ) : (
              <span className={styles.captchaHint}>{captcha.kind === 'loading' ? '加载中…' : '点击重试'}</span>
            )}
          </button>
        </div>
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className={styles.formAlert} /> : null}
      <Button type="primary" htmlType="submit" block loading={busy} disabled={busy || captcha.kind !== 'ready'}>
        发送验证码
      </Button>
    </Form>
  );
}
