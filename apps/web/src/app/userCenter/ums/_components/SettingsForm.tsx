'use client';
// What the account-settings forms (password, phone, e-mail) share: the submit that puts a refusal
// under its field or above the button, the line with the current value, the refusal and submit
// row, and the tips column beside the form.
import { Alert, Button, type FormInstance, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import styles from '../ums.module.css';
import { isThrottled, serverMessage } from './shared';

/**
 * Sends a settings form: `submit(send)` keeps the button busy, and a refusal goes under the field
 * `fieldOf` names — or, when it names none or the account is throttled, above the button.
 */
export function useSettingsSubmit<V>(form: FormInstance<V>, fieldOf: (msg: string) => keyof V | null) {
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState('');
  const submit = async (send: () => Promise<void>) => {
    setSubmitting(true);
    setFormError('');
    try {
      await send();
    } catch (err) {
      const msg = serverMessage(err);
      if (!msg) return;
      const field = isThrottled(err) ? null : fieldOf(msg);
      if (field) form.setFields([{ name: field as never, errors: [msg] }]);
      else setFormError(msg);
    } finally {
      setSubmitting(false);
    }
  };
  return { submit, submitting, formError, setFormError, clearError: () => setFormError('') };
}

/** The refusal that concerns the whole form, then the submit button. */
export function SubmitRow({ error, testId, submitting, children }: { error: string; testId: string; submitting: boolean; children: ReactNode }) {
  return (
    <>
      {error ? <Alert type="error" showIcon title={error} className={styles.formAlert} data-testid={testId} /> : null}
      <Button type="primary" htmlType="submit" loading={submitting} disabled={submitting}>
        {children}
      </Button>
    </>
  );
}

/** 「当前…」: what the account has now, a placeholder while it loads. */
export function CurrentValue({
  label,
  loading,
  testId,
  empty,
  children,
}: {
  label: string;
  loading: boolean;
  testId: string;
  empty?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={styles.current}>
      <span className={styles.currentLabel}>{label}</span>
      {loading ? (
        <Skeleton.Input active size="small" />
      ) : (
        <strong className={empty ? styles.currentEmpty : styles.currentValue} data-testid={testId}>
          {children}
        </strong>
      )}
    </div>
  );
}

/** The tips column beside a form. */
export function SettingsTips({ label, title, items }: { label: string; title: string; items: readonly string[] }) {
  return (
    <aside className={styles.tips} aria-label={label}>
      <h3 className={styles.tipsTitle}>{title}</h3>
      <ul className={styles.tipsList}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </aside>
  );
}
