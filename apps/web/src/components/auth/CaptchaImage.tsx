'use client';
// The login-flavour image captcha (spec 01 §3): an <img> of memberShip/code whose key the
// server puts in the imageCodeKey cookie. Clicking it, or a new `version`, draws a new one.
import { identityApi } from '@apimarket/contracts';
import { useMemo, useState } from 'react';
import styles from './auth.module.css';

export function CaptchaImage({ version = 0 }: { version?: number }) {
  const [clicks, setClicks] = useState(0);
  // A new image only when asked for (not on every re-render of the form around it).
  const src = useMemo(() => `/apiHome${identityApi.captcha.path}?${version}-${clicks}-${Date.now()}`, [version, clicks]);
  return (
    <button type="button" className={styles.captchaButton} title="看不清？点击刷新" onClick={() => setClicks((n) => n + 1)}>
      {/* biome-ignore lint/performance/noImgElement: a server-drawn captcha, never optimised or cached */}
      <img src={src} alt="图片验证码，点击刷新" className={styles.captcha} width={120} height={40} data-testid="captcha-image" />
    </button>
  );
}
