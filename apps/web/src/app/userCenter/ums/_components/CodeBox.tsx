'use client';
// A monospace box for key material (secrets, PEM keys, fingerprints) with a labelled copy
// action; long PEM text scrolls inside the box instead of stretching the page.
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import styles from '../ums.module.css';

export function CodeBox({ label, text, testId, multiline = false }: { label: string; text: string; testId?: string; multiline?: boolean }) {
  return (
    <div className={styles.codeBox}>
      <div className={styles.codeHead}>
        <Typography.Text
          className={styles.codeLabel}
          copyable={{
            text,
            tooltips: false,
            icon: [
              <span key="copy" className={styles.copyAction}>
                <CopyOutlined /> 复制
              </span>,
              <span key="copied" className={styles.copyAction}>
                <CheckOutlined /> 已复制
              </span>,
            ],
          }}
        >
          {label}
        </Typography.Text>
      </div>
      <pre className={multiline ? styles.codePem : styles.codeLine}>
        <code data-testid={testId}>{text}</code>
      </pre>
    </div>
  );
}
