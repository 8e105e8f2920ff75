'use client';
// The audit request form, in plain React: antd is not mounted on public pages (it would triple
// their JavaScript). Each field is checked with the contracts' rule, so it shows the server's message.
// It asks for a name and a phone, so it carries the privacy notice and tick (PIPL art. 14).
import { AUDIT_CONTENT_MAX_LENGTH, AuditCommitInput, checkField, contentApi, MOBILE_MAX_LENGTH } from '@apimarket/contracts';
import { useId, useState } from 'react';
import { PrivacyConsent, useConsent } from '@/components/leads/PrivacyConsent';
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
  const consent = useConsent();
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
    if (!consent.confirmed()) return;
    setSubmitting(true);
    try {
      const res = await request(contentApi.auditCommit, { ...values, consent: true });
      setDone(res.msg);
      setValues(EMPTY);
      consent.setChecked(false);
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
    'aria-required': field === 'content' ? undefined : true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field),
    onBlur: () => blur(field),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => change(field, e.target.value),
    className: errors[field] ? styles.invalid : undefined,
  });
  /** A field's label (marked required, or 选填 for the description), its control and its message. */
  const block = (field: Field, label: string, input: React.ReactNode) => (
    <div className={styles.field}>
      <label htmlFor={id(field)}>
        {label}
        {field === 'content' ? <span className={styles.optional}>（选填）</span> : <span className={styles.required}>*</span>}
      </label>
      {input}
      {errorOf(field)}
    </div>
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="数据合规审计申请">
      {block(
        'companyName',
        '公司名称',
        <input {...control('companyName')} type="text" autoComplete="organization" maxLength={100} placeholder="请输入公司全称" />,
      )}
      <div className={styles.row}>
        {block('contactName', '联系人', <input {...control('contactName')} type="text" autoComplete="name" maxLength={32} placeholder="您的姓名" />)}
        {block(
          'phone',
          '手机号码',
          <input
            {...control('phone')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={MOBILE_MAX_LENGTH}
            placeholder="11位手机号"
            onChange={(e) => change('phone', e.target.value.replace(/\s/g, ''))}
          />,
        )}
      </div>
      {block(
        'industry',
        '所属行业',
        <select
          {...control('industry')}
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
        </select>,
      )}
      {block(
        'content',
        '需求描述',
        <div className={styles.textarea}>
          <textarea {...control('content')} rows={4} maxLength={AUDIT_CONTENT_MAX_LENGTH} placeholder="例如：希望评估人脸核身与银行卡核验的授权流程是否合规" />
          <span className={styles.counter} aria-hidden="true">
            {values.content.length}/{AUDIT_CONTENT_MAX_LENGTH}
          </span>
        </div>,
      )}
      <PrivacyConsent collects="公司名称、联系人和手机号码" {...consent.field} />
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
