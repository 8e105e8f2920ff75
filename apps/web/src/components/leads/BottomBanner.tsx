'use client';
// The bottom free-trial banner (spec 01 §2.4): appears after 3 s, with the headline and button of
// the route table (LEAD_WORDS in the contracts); a valid phone and the privacy tick are kept in
// session storage and open the dialog prefilled. Closed, it stays closed for a day (like the
// timed dialog's hadview), and while it is not showing it keeps no room under the footer.
import { FLOATING_BAR_DELAY_MS, HADVIEW_COOKIE_MAX_AGE_S, LEAD_CONSENT_MSG, leadWordsFor, MOBILE_MAX_LENGTH } from '@apimarket/contracts';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { loadRules } from './lazy-rules';
import { CONSENT_KEY, TEL_KEY } from './lead-source';
import { useOpenLead } from './LeadProvider';
import styles from './leads.module.css';
import { PrivacyConsent } from './PrivacyConsent';

/** Spec 01 §2.4's table: which headline and button a path gets, and which dialog it opens. */
export function bannerFor(path: string, headline: string) {
  return leadWordsFor(path, headline).banner;
}

/** Local storage key holding when the visitor closed the banner (ms since the epoch). */
export const BANNER_CLOSED_KEY = 'trialBannerClosedAt';
/** How long a close is remembered: a day, as the timed trial dialog's hadview cookie. */
export const BANNER_CLOSED_FOR_MS = HADVIEW_COOKIE_MAX_AGE_S * 1000;

/** Whether a close recorded at `closedAt` (the stored text) still holds at `now`. */
export function bannerStillClosed(closedAt: string | null, now: number): boolean {
  const at = Number(closedAt);
  return Number.isFinite(at) && at > 0 && now - at < BANNER_CLOSED_FOR_MS && at <= now;
}

function readClosed(): boolean {
  try {
    return bannerStillClosed(window.localStorage.getItem(BANNER_CLOSED_KEY), Date.now());
  } catch {
    return false; // storage refused (privacy mode): the banner shows, as before
  }
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
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    if (readClosed()) return;
    const id = window.setTimeout(() => setShown(true), FLOATING_BAR_DELAY_MS);
    return () => window.clearTimeout(id);
  }, []);
  if (!shown || hidden) return null;
  const b = bannerFor(pathname, headline);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const msg = (await checkPhone(phone)) ?? (consent ? null : LEAD_CONSENT_MSG);
    setError(msg ?? '');
    if (msg) return;
    window.sessionStorage.setItem(TEL_KEY, phone.trim());
    window.sessionStorage.setItem(CONSENT_KEY, '1');
    openLead({ type: b.type });
  };
  const close = () => {
    setHidden(true);
    try {
      window.localStorage.setItem(BANNER_CLOSED_KEY, String(Date.now()));
    } catch {
      // Not remembered: it comes back on the next full load, no worse than before.
    }
  };
  return (
    <>
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
          <PrivacyConsent
            collects="手机号"
            compact
            checked={consent}
            onChange={(c) => {
              setConsent(c);
              if (c && error === LEAD_CONSENT_MSG) setError('');
            }}
          />
          <button type="button" className={styles.bannerClose} onClick={close} aria-label="关闭">
            ×
          </button>
        </div>
      </aside>
      {/* Room for the fixed banner at the end of the page, only while it shows (desktop). */}
      <div className={styles.bannerSpacer} aria-hidden="true" />
    </>
  );
}
