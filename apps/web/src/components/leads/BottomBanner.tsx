'use client';
// The bottom free-trial banner (spec 01 §2.4): appears after 3 s, with the headline and button of
// the route table; a valid phone is kept in session storage and opens the dialog prefilled.
import { DEFAULT_TRIAL_HEADLINE, FLOATING_BAR_DELAY_MS, MOBILE_MAX_LENGTH } from '@apimarket/contracts';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { loadRules } from './lazy-rules';
import { TEL_KEY } from './lead-source';
import { useOpenLead } from './LeadProvider';
import styles from './leads.module.css';

/** Spec 01 §2.4's table: which headline and button a path gets, and which dialog it opens. */
export function bannerFor(path: string, headline = DEFAULT_TRIAL_HEADLINE) {
  if (path.includes('dataIntoTable')) return { headline: '数据资产入表产品与服务', button: '咨询合作', type: 1 as const };
  if (path === '/deepSeek') return { headline: '专属方案 1V1 咨询', button: '立即咨询', type: 1 as const };
  return { headline, button: '免费试用', type: 0 as const };
}

// The phone rule (zod, from contracts) is fetched when the visitor focuses the phone field, not
// with the page: every public page carries the banner, and most visitors never type into it.
const checkPhone = async (phone: string) => {
  const m = await loadRules();
  return m.checkField(m.LeadPhone, phone);
};

export function BottomBanner({ headline }: { headline: string }) {
  const pathname = usePathname();
  const openLead = useOpenLead();
  const [shown, setShown] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    const id = window.setTimeout(() => setShown(true), FLOATING_BAR_DELAY_MS);
    return () => window.clearTimeout(id);
  }, []);
  if (!shown || hidden) return null;
  const b = bannerFor(pathname, headline);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const msg = await checkPhone(phone);
    setError(msg ?? '');
    if (msg) return;
    window.sessionStorage.setItem(TEL_KEY, phone.trim());
    openLead({ type: b.type });
  };
  return (
    <aside className={styles.banner} aria-label="免费试用" data-testid="trial-banner">
      <div className={`container ${styles.bannerInner}`}>
        <strong className={styles.bannerHeadline}>{b.headline}</strong>
        <form onSubmit={submit} className={styles.bannerForm} noValidate>
          <input
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            onFocus={() => void loadRules()}
            placeholder="请输入手机号码"
            maxLength={MOBILE_MAX_LENGTH}
            inputMode="numeric"
            aria-label="手机号码"
          />
          <button type="submit">{b.button}</button>
          {error ? <em role="alert">{error}</em> : null}
        </form>
        <button type="button" className={styles.bannerClose} onClick={() => setHidden(true)} aria-label="关闭">
          ×
        </button>
      </div>
    </aside>
  );
}
