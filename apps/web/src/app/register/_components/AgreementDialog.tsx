'use client';
import { Button, Modal } from 'antd';
import { agreementFor } from '@/content/agreement';
import styles from './agreement.module.css';

/** `operator`: the configured company name the agreement is signed with (LegalEntity). */
export function AgreementDialog({ operator, open, onClose, onAgree }: { operator: string; open: boolean; onClose: () => void; onAgree: () => void }) {
  const agreement = agreementFor(operator);
  return (
    <Modal
      open={open}
      title={agreement.title}
      onCancel={onClose}
      width={640}
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="agree" type="primary" onClick={onAgree}>
          已阅读并同意
        </Button>,
      ]}
    >
      <div className={styles.body}>
        <p>{agreement.intro}</p>
        {agreement.clauses.map((c) => (
          <section key={c.heading}>
            <h3>{c.heading}</h3>
            <p>{c.text}</p>
          </section>
        ))}
      </div>
    </Modal>
  );
}
