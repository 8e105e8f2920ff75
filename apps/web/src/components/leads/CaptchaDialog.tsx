'use client';
// The nested image-captcha dialog (spec 01 §2.4, §4): opens with a fresh captcha, a click on the
// image draws another (only the last one asked for is shown: an earlier answer arriving late
// would put up an image whose code is no longer the one to type), and it closes once the SMS
// has been sent.
import { identityApi, MSG } from '@apimarket/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { request } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { Dialog } from './Dialog';
import { FormSubmit } from './FormSubmit';
import styles from './leads.module.css';

export function CaptchaDialog({ phone, onSent, onClose }: { phone: string; onSent: (msg: string) => void; onClose: () => void }) {
  const [img, setImg] = useState<{ src: string; uuid: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);

  const refresh = useCallback(async () => {
    setCode('');
    const mine = ++asked.current;
    try {
      // img and uuid ride beside code and msg (the spec's captcha shape).
      const res = await request(identityApi.captchaImage);
      if (mine === asked.current) setImg({ src: `data:image/png;base64,${res.img}`, uuid: res.uuid });
    } catch {
      if (mine === asked.current) setImg(null);
    }
  }, []);
  useEffect(() => void refresh(), [refresh]);

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(MSG.imageCode);
    setBusy(true);
    setError('');
    try {
      const res = await request(identityApi.smsSend, { captcha: code.trim(), phone, uuid: img?.uuid ?? '' });
      onSent(res.msg);
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'server') setError(err.message);
      void refresh(); // a captcha is single use
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title="请输入图片验证码" onClose={onClose} width={360}>
      <form onSubmit={send} className={styles.form} noValidate>
        <div className={styles.row}>
          <input
            className={styles.input}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="图片验证码"
            maxLength={8}
            aria-label="图片验证码"
            autoComplete="off"
          />
          <button type="button" className={styles.captcha} onClick={refresh} title="看不清？点击刷新">
            {/* biome-ignore lint/performance/noImgElement: a one-off data: captcha image */}
            {img ? <img src={img.src} alt="图片验证码，点击刷新" width={120} height={40} data-testid="lead-captcha" /> : '点击加载'}
          </button>
        </div>
        <FormSubmit error={error} busy={busy}>
          确定
        </FormSubmit>
      </form>
    </Dialog>
  );
}
