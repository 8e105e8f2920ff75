'use client';
// The audit request form, in plain React: antd is not mounted on public pages (it would triple
// their JavaScript). Each field is checked with the contracts' rule, so it shows the server's message.
// It asks for a name and a phone, so it carries the privacy notice and tick (PIPL art. 14).
import { AUDIT_CONTENT_MAX_LENGTH, AuditCommitInput, checkField, contentApi, LEAD_CONSENT_MSG, MOBILE_MAX_LENGTH } from '@apimarket/contracts';
import { useId, useState } from 'react';
import { PrivacyConsent } from '@/components/leads/PrivacyConsent';
import { request } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import styles from './AuditForm.module.css';

type Field = keyof typeof AuditCommitInput.shape;
type Values = Record<Field, string>;

/** Fields in the order the form shows them: the first invalid one takes the focus. */
const FIELDS: readonly Field[] = ['companyName', 'contactName', 'phone', 'industry', 'content'];
const EMPTY: Values = { companyName: '', contactName: '', phone: '', industry: '', content: '' };

const check = (field: Field, value: string) => checkField(AuditCommitInput.shape[field], value);

export function AuditForm({ industries }: { industries: readonly string[] }) {
  const uid = useId();
  const id = (field: Field) => `${uid}-${field}`;
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState('');

  const setError = (field: Field, message: string | null) =>
    setErrors((prev) => {
      const next = { ...prev };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Once a field has shown a message, re-check as the visitor types so it clears when fixed.
    if (errors[field]) setError(field, check(field, value));
  };

  const blur = (field: Field) => {
    // Leaving an untouched empty field is not yet a mistake; submitting it is.
    if (values[field] === '' && !errors[field]) return;
    setError(field, check(field, values[field]));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setFailure('');
    const found: Partial<Record<Field, string>> = {};
    for (const f of FIELDS) {
      const message = check(f, values[f]);
      if (message) found[f] = message;
    }
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(id(first))?.focus();
      return;
    }
    // The tick is asked for last, once the details are right (it sits below them).
    setConsentError(consent ? '' : LEAD_CONSENT_MSG);
    if (!consent) return;
    setSubmitting(true);
    try {
      const res = await request(contentApi.auditCommit, { ...values, consent: true });
      setDone(res.msg);
      setValues(EMPTY);
      setConsent(false);
    } catch (err) {
      // A network failure is already toasted by the client; a refusal (throttled, a rule the
      // server caught) is shown here, in the server's words.
      if (err instanceof ApiError && err.kind === 'server') setFailure(err.message);
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <div className={styles.done} role="status" data-testid="audit-success">
        <svg viewBox="0 0 48 48" aria-hidden="true" className={styles.doneIcon}>
          <circle cx="24" cy="24" r="22" fill="currentColor" />
          <path d="M14 25l7 7 13-14" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <p className={styles.doneText}>{done}</p>
        <button type="button" className={styles.secondary} onClick={() => setDone('')}>
          再提交一份需求
        </button>
      </div>
    );
  }

  const describedBy = (field: Field) => (errors[field] ? `${id(field)}-error` : undefined);
  const errorOf = (field: Field) =>
    errors[field] ? (
      <p id={`${id(field)}-error`} className={styles.error} role="alert">
        {errors[field]}
      </p>
    ) : null;
  const control = (field: Field) => ({
    id: id(field),
    name: field,
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field),
    onBlur: () => blur(field),
    className: errors[field] ? styles.invalid : undefined,
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="数据合规审计申请">
      <div className={styles.field}>
        <label htmlFor={id('companyName')}>
          公司名称<span className={styles.required}>*</span>
        </label>
        <input
          {...control('companyName')}
          type="text"
          autoComplete="organization"
          maxLength={100}
          placeholder="请输入公司全称"
          aria-required="true"
          onChange={(e) => change('companyName', e.target.value)}
        />
        {errorOf('companyName')}
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={id('contactName')}>
            联系人<span className={styles.required}>*</span>
          </label>
          <input
            {...control('contactName')}
            type="text"
            autoComplete="name"
            maxLength={32}
            placeholder="您的姓名"
            aria-required="true"
            onChange={(e) => change('contactName', e.target.value)}
          />
          {errorOf('contactName')}
        </div>
        <div className={styles.field}>
          <label htmlFor={id('phone')}>
            手机号码<span className={styles.required}>*</span>
          </label>
          <input
            {...control('phone')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={MOBILE_MAX_LENGTH}
            placeholder="11位手机号"
            aria-required="true"
            onChange={(e) => change('phone', e.target.value.replace(/\s/g, ''))}
          />
          {errorOf('phone')}
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={id('industry')}>
          所属行业<span className={styles.required}>*</span>
        </label>
        <select
          {...control('industry')}
          aria-required="true"
          onChange={(e) => {
            change('industry', e.target.value);
            // A choice is complete the moment it is made: check it now, not on blur.
            setError('industry', check('industry', e.target.value));
          }}
          data-placeholder={values.industry === '' ? 'true' : undefined}
        >
          <option value="">请选择所属行业</option>
          {industries.map((i) => (
            <option key={i} value={i}>
              {i}
            </option>
          ))}
        </select>
        {errorOf('industry')}
      </div>
      <div className={styles.field}>
        <label htmlFor={id('content')}>
          需求描述<span className={styles.optional}>（选填）</span>
        </label>
        <div className={styles.textarea}>
          <textarea
            {...control('content')}
            rows={4}
            maxLength={AUDIT_CONTENT_MAX_LENGTH}
            placeholder="例如：希望评估人脸核身与银行卡核验的授权流程是否合规"
            onChange={(e) => change('content', e.target.value)}
          />
          <span className={styles.counter} aria-hidden="true">
            {values.content.length}/{AUDIT_CONTENT_MAX_LENGTH}
          </span>
        </div>
        {errorOf('content')}
      </div>
      <PrivacyConsent
        collects="公司名称、联系人和手机号码"
        checked={consent}
        onChange={(c) => {
          setConsent(c);
          if (c) setConsentError('');
        }}
        error={consentError}
      />
      {failure ? (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className={styles.submit} disabled={submitting} aria-busy={submitting}>
        {submitting ? '提交中…' : '提交申请'}
      </button>
    </form>
  );
}
