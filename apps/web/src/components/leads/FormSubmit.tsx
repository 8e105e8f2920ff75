// The end of every lead form (the trial and consultation dialog, the captcha step, the quote
// form): the refusal in the server's words, read out when it appears, above the submit button.
import styles from './leads.module.css';

export function FormSubmit({ error, busy, children }: { error: string; busy: boolean; children: React.ReactNode }) {
  return (
    <>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={busy}>
        {children}
      </button>
    </>
  );
}
