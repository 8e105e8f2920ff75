'use client';
// The lead dialogs (spec 01 §2.4, §4, §5): type 0 — free trial with phone and SMS code; type 1 —
// consultation with company, contact name, contact method and SMS code, in the words of the page
// it opened on (LEAD_WORDS: data assets, the AI plan, a solution, or business in general). The
// phone (and the privacy tick) given in the banner are prefilled and forgotten when the dialog
// closes; 获取验证码 checks the phone first, then asks for the image captcha, then counts down
// 60 s; Enter submits. No lead leaves without the privacy tick (PIPL art. 14).
import {
  CompanyName,
  ContactMethod,
  ContactName,
  checkField,
  LeadPhone,
  leadsApi,
  leadWordsFor,
  MOBILE_MAX_LENGTH,
  SMS_CODE_MAX_LENGTH,
  SmsCode,
} from '@apimarket/contracts';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { request } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { useCountdown } from '../auth/useCountdown';
import { CaptchaDialog } from './CaptchaDialog';
import { Dialog } from './Dialog';
import { CONSENT_KEY, leadSource, TEL_KEY } from './lead-source';
import { FormSubmit } from './FormSubmit';
import styles from './leads.module.css';
import { PrivacyConsent, useConsent } from './PrivacyConsent';

export type LeadType = 0 | 1;

type Field = 'phone' | 'companyName' | 'contactName' | 'contactMethod' | 'msgCaptra';
const RULES = { phone: LeadPhone, companyName: CompanyName, contactName: ContactName, contactMethod: ContactMethod, msgCaptra: SmsCode };

export function LeadDialog({ type, headline, interfaceName, onClose }: { type: LeadType; headline: string; interfaceName?: string; onClose: () => void }) {
  const fields: Field[] = type === 0 ? ['phone', 'msgCaptra'] : ['companyName', 'contactName', 'contactMethod', 'msgCaptra'];
  const phoneField: Field = type === 0 ? 'phone' : 'contactMethod';
  const [values, setValues] = useState<Record<Field, string>>({ phone: '', companyName: '', contactName: '', contactMethod: '', msgCaptra: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const consent = useConsent();
  const tickConsent = consent.setChecked;
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [notice, setNotice] = useState('');
  const [sentMsg, setSentMsg] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown();
  // The consultation dialog speaks of what the page is about (spec 01 §2.4 banner table, §8).
  const { consult } = leadWordsFor(usePathname(), headline);

  useEffect(() => {
    const tel = window.sessionStorage.getItem(TEL_KEY);
    if (tel) setValues((v) => ({ ...v, [phoneField]: tel }));
    // Ticked by the visitor in the banner a moment ago.
    if (window.sessionStorage.getItem(CONSENT_KEY) === '1') tickConsent(true);
  }, [phoneField, tickConsent]);

  const forget = () => {
    window.sessionStorage.removeItem(TEL_KEY);
    window.sessionStorage.removeItem(CONSENT_KEY);
  };
  const close = () => {
    forget();
    onClose();
  };

  const check = (f: Field) => {
    const msg = checkField(RULES[f], values[f]);
    setErrors((e) => ({ ...e, [f]: msg ?? undefined }));
    return msg === null;
  };

  const getCode = () => {
    if (check(phoneField)) setCaptchaOpen(true);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    // Spec 01 §5: an invalid form is only shown, never sent.
    if (fields.filter((f) => !check(f)).length > 0) return;
    // The tick is asked for last, once the details are right (it sits below them).
    if (!consent.confirmed()) return;
    setBusy(true);
    setNotice('');
    try {
      const extras = { consent: true, ...leadSource() };
      const res =
        type === 0
          ? await request(leadsApi.trial, { userName: '', phone: values.phone, interfaceName: interfaceName ?? '', smsCode: values.msgCaptra, ...extras })
          : await request(leadsApi.consult, {
              companyName: values.companyName,
              contactName: values.contactName,
              contactMethod: values.contactMethod,
              code: values.msgCaptra,
              ...extras,
            });
      setDone(res.msg);
      forget();
      window.setTimeout(onClose, 2500);
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'server') setNotice(err.message);
    } finally {
      setBusy(false);
    }
  };

  const input = (f: Field, label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <label className={styles.field}>
      <span className="visually-hidden">{label}</span>
      <input
        className={`${styles.input} ${errors[f] ? styles.invalid : ''}`}
        value={values[f]}
        onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
        onBlur={() => values[f] && check(f)}
        placeholder={label}
        aria-invalid={Boolean(errors[f])}
        {...extra}
      />
      {errors[f] ? <em className={styles.fieldError}>{errors[f]}</em> : null}
    </label>
  );

  return (
    <>
      <Dialog title={type === 0 ? '免费试用' : consult.title} onClose={close} testId="lead-dialog">
        {done ? (
          <p className={styles.success} role="status">
            {done}
          </p>
        ) : (
          <form onSubmit={submit} className={styles.form} noValidate>
            <p className={styles.promo}>
              <strong data-testid="lead-headline">{type === 0 ? headline : consult.headline}</strong>
              {type === 0 ? '更权威、更安全、更合规的 API 服务平台，助力合作伙伴降本增效' : consult.promo}
            </p>
            {type === 1 ? input('companyName', '公司名称', { maxLength: 100 }) : null}
            {type === 1 ? input('contactName', '联系人姓名', { maxLength: 32 }) : null}
            {input(phoneField, type === 0 ? '手机号码' : '联系方式（手机号）', { maxLength: MOBILE_MAX_LENGTH, inputMode: 'numeric' })}
            <div className={styles.row}>
              {input('msgCaptra', '短信验证码', { maxLength: SMS_CODE_MAX_LENGTH, inputMode: 'numeric', autoComplete: 'one-time-code' })}
              <button type="button" className={styles.codeLink} onClick={getCode} disabled={countdown.running}>
                {countdown.running ? `${countdown.left}秒后重发` : '获取验证码'}
              </button>
            </div>
            <PrivacyConsent collects={type === 0 ? '手机号' : '公司名称、联系人姓名和手机号'} {...consent.field} />
            {sentMsg && !notice ? <p className={styles.hint}>{sentMsg}</p> : null}
            <FormSubmit error={notice} busy={busy}>
              {type === 0 ? '立即领取' : '立即咨询'}
            </FormSubmit>
          </form>
        )}
      </Dialog>
      {captchaOpen ? (
        <CaptchaDialog
          phone={values[phoneField]}
          onClose={() => setCaptchaOpen(false)}
          onSent={(msg) => {
            setCaptchaOpen(false);
            // A code is on its way: an earlier refusal (a wrong code, a phone error) no longer applies.
            setNotice('');
            setErrors((e) => ({ ...e, [phoneField]: undefined, msgCaptra: undefined }));
            setSentMsg(msg);
            countdown.start();
          }}
        />
      ) : null}
    </>
  );
}
