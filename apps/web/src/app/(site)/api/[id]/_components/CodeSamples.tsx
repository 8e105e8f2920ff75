'use client';
// Code samples in six languages with a copy button; the code itself is rendered on the server
// (all six are in the HTML), this leaf only switches the visible one. It takes the languages from
// the samples it is given, so the browser loads nothing of the contracts for it.
import { useState } from 'react';
import styles from './doc.module.css';

export function CodeSamples({ samples }: { samples: Readonly<Record<string, string>> }) {
  const languages = Object.keys(samples);
  const [lang, setLang] = useState(languages[0] ?? '');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(samples[lang] ?? '');
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className={styles.code}>
      <div className={styles.codeTabs}>
        {/* The copy button sits beside the tabs, not among them: a tablist holds tabs only. */}
        <div role="tablist" aria-label="代码示例语言" className={styles.codeTabList}>
          {languages.map((l) => (
            <button
              key={l}
              type="button"
              role="tab"
              aria-selected={l === lang}
              className={l === lang ? styles.codeTabOn : undefined}
              onClick={() => setLang(l)}
            >
              {l}
            </button>
          ))}
        </div>
        <button type="button" className={styles.copy} onClick={copy}>
          {copied ? '已复制' : '复制代码'}
        </button>
      </div>
      {languages.map((l) => (
        <pre key={l} hidden={l !== lang} data-lang={l}>
          <code>{samples[l]}</code>
        </pre>
      ))}
    </div>
  );
}
