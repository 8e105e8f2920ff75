// The privacy notice and consent tick under every lead form (PIPL art. 14, 17): what the form's
// details are used for, and the visitor's own tick, with the privacy policy one click away (a new
// tab, so the form keeps what was typed). The server refuses a lead without the tick as well.
import { LEAD_CONSENT_MSG } from '@apimarket/contracts';
import { useState } from 'react';
import styles from './leads.module.css';

/**
 * The tick of a form that sends when submitted: `confirmed()` (on submit, after the details
 * pass) says whether it is ticked and shows the message when not; ticking it clears the message.
 */
export function useConsent() {
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState('');
  const confirmed = () => {
    setError(checked ? '' : LEAD_CONSENT_MSG);
    return checked;
  };
  const onChange = (c: boolean) => {
    setChecked(c);
    if (c) setError('');
  };
  return { setChecked, confirmed, field: { checked, error, onChange } };
}

/** 「手机号、姓名和公司名称」: the details a form collects, in the notice's words. */
export function PrivacyConsent({
  collects,
  checked,
  onChange,
  error,
  compact = false,
}: {
  collects: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  /** One line (the bottom banner): the tick and the link; the dialog it opens has the notice. */
  compact?: boolean;
}) {
  const policy = (
    <a href="/privacy" target="_blank" rel="noopener" className={styles.policyLink}>
      《隐私政策》
    </a>
  );
  return (
    <div className={compact ? styles.consentCompact : styles.consent} data-testid="privacy-consent">
      {compact ? null : (
        <p className={styles.notice}>
          您填写的{collects}仅用于客户经理与您联系、提供试用或咨询服务，不作他用，不向第三方提供；在跟进所需期间内保存，您可随时撤回同意或要求删除，详见{policy}
          。
        </p>
      )}
      <label className={styles.consentLabel}>
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-invalid={error ? true : undefined} />
        <span>
          我已阅读并同意{policy}
          {compact ? null : '，同意为上述目的处理我填写的信息'}
        </span>
      </label>
      {error ? (
        <em className={styles.fieldError} role="alert">
          {error}
        </em>
      ) : null}
    </div>
  );
}
