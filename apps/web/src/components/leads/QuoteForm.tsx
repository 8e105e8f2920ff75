'use client';
// The face landing's quote form (spec 01 §2.5, §3, §5): phone (at most 14 characters, a mobile
// or a landline) and name, posted with where the visitor came from and the privacy tick (PIPL
// art. 14). No SMS step: the server's per-phone and per-IP caps guard it.
import { QUOTE_PHONE_MAX_LENGTH } from '@apimarket/contracts';
import { useState } from 'react';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { loadRules } from './lazy-rules';
import { leadSource } from './lead-source';
import { FormSubmit } from './FormSubmit';
import styles from './leads.module.css';
import { PrivacyConsent, useConsent } from './PrivacyConsent';

type Field = 'phoneNumber' | 'userName';

export function QuoteForm() {
  const [values, setValues] = useState<Record<Field, string>>({ phoneNumber: '', userName: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const consent = useConsent();
  const [notice, setNotice] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  // The rules load on the form's first focus (lazy-rules.ts); a check before then waits for them.
  const check = async (f: Field) => {
    const m = await loadRules();
    const msg = m.checkField(m.QuoteInput.shape[f], values[f]);
    setErrors((e) => ({ ...e, [f]: msg ?? undefined }));
    return msg === null;
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const ok = (await Promise.all([check('phoneNumber'), check('userName')])).every(Boolean);
    if (!ok) return;
    // The tick is asked for last, once the details are right (it sits below them).
    if (!consent.confirmed()) return;
    setBusy(true);
    setNotice('');
    try {
      // The declaration comes with the rules (lazy-rules.ts), loaded by the checks just above.
      const { leadsApi } = await loadRules();
      const res = await request(leadsApi.quote, { phoneNumber: values.phoneNumber.trim(), userName: values.userName.trim(), consent: true, ...leadSource() });
      setDone(res.msg);
    } catch (err) {
      setNotice(serverMessage(err) ?? '');
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <p className={styles.success} role="status">
        {done}
      </p>
    );
  }

  const input = (f: Field, label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <label className={styles.field}>
      <span className={styles.quoteLabel}>{label}</span>
      <input
        {...props}
        className={`${styles.input} ${errors[f] ? styles.invalid : ''}`}
        value={values[f]}
        onChange={(ev) => setValues((v) => ({ ...v, [f]: ev.target.value }))}
        onBlur={() => values[f] !== '' && void check(f)}
        aria-invalid={errors[f] ? true : undefined}
      />
      {/* Always there, so a message appearing on blur does not move the button under the pointer. */}
      <em className={`${styles.fieldError} ${styles.quoteError}`}>{errors[f] ?? ''}</em>
    </label>
  );

  return (
    <form onSubmit={submit} onFocus={() => void loadRules()} className={styles.form} noValidate aria-label="获取报价">
      {input('phoneNumber', '联系电话', { type: 'tel', inputMode: 'tel', maxLength: QUOTE_PHONE_MAX_LENGTH, placeholder: '手机号或座机号' })}
      {input('userName', '您的姓名', { maxLength: 32, placeholder: '怎么称呼您' })}
      <PrivacyConsent collects="联系电话和姓名" {...consent.field} />
      <FormSubmit error={notice} busy={busy}>
        获取报价
      </FormSubmit>
    </form>
  );
}
