'use client';
// The AppKey and the account secret (myAccount/myAppKey, docSecretKey). The clear secret exists
// only in the answer that creates or rotates it: it is shown once in a dialog and dropped from
// state when the dialog has closed (never stored, never put in the URL). Both ask for the login
// password first and say what changes for the calls.
import { KeyOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { type AppKeyView, type IssuedSecret, keysApi, type SecretAction } from '@apimarket/contracts';
import { Alert, Button, Card, type DescriptionsProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { request } from '@/lib/api/client';
import styles from '../ums.module.css';
import { CodeBox } from './CodeBox';
import { KeyEmpty, KeyFacts, ShownOnce } from './KeyParts';
import { usePasswordConfirm } from './PasswordConfirm';
import { dateTime, runKeyChange } from './shared';

interface Props {
  view: AppKeyView;
  onChange: (next: AppKeyView) => void;
  onQualificationLost: (message: string) => void;
}

export function SecretCard({ view, onChange, onQualificationLost }: Props) {
  const { ask, dialog } = usePasswordConfirm();
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<(IssuedSecret & { action: SecretAction }) | null>(null);
  const [open, setOpen] = useState(false);

  /** Creates or rotates with the password; null when done, or the refusal for the dialog. */
  const issue = (action: SecretAction, password: string) =>
    runKeyChange(setBusy, onQualificationLost, async () => {
      const res = await request(keysApi.docSecretKey, { action, password }, { silent: true });
      setIssued({ ...res.data, action });
      setOpen(true);
      // The masked form and the dates are the server's to say, not derived from the clear secret.
      try {
        const fresh = await request(keysApi.appKey, {}, { silent: true });
        onChange(fresh.data);
      } catch {
        onChange({ ...view, hasSecret: true, previousValidUntil: res.data.previousValidUntil });
      }
    });

  const confirmCreate = () =>
    ask({
      title: '生成账号密钥',
      okText: '确认生成',
      effects: (
        <>
          <p>将为账号生成账号密钥，用于 MD5、HMAC-SHA256 签名和 AES-256-GCM 加密。密钥只在生成后显示一次，请准备好安全的保存位置。</p>
          <p>生成密钥本身不改变现有的调用方式；之后若开启签名或加密，未按要求签名或加密的调用将被拒绝。</p>
        </>
      ),
      run: (password) => issue('create', password),
    });

  const confirmRotate = () =>
    ask({
      title: '确定轮换账号密钥？',
      okText: '确认轮换',
      effects: (
        <>
          <p>
            轮换会立即生成新的账号密钥。为了让您的系统平滑切换，原密钥在宽限期内仍然有效，宽限期结束后失效，用原密钥签名或加密的调用将被拒绝；确切的截止时间会在轮换完成后显示。
          </p>
          {view.previousValidUntil ? (
            <p className={styles.warnText}>
              上一次轮换的宽限期尚未结束（原密钥 {dateTime(view.previousValidUntil)} 前有效）。再次轮换会使那个更早的密钥立即失效。
            </p>
          ) : null}
          <p>请在宽限期内将新密钥部署到所有调用方。</p>
        </>
      ),
      run: (password) => issue('rotate', password),
    });

  const items: DescriptionsProps['items'] = [
    {
      key: 'appKey',
      label: 'AppKey',
      children: (
        <div>
          <Typography.Text copyable={{ text: view.appKey, tooltips: ['复制 AppKey', '已复制'] }} className={styles.mono}>
            <span data-testid="ums-app-key">{view.appKey}</span>
          </Typography.Text>
          <p className={styles.fieldHint}>账号在签名或加密调用中的公开标识，单独使用不能调用接口。</p>
        </div>
      ),
    },
  ];
  if (view.hasSecret) {
    items.push(
      {
        key: 'secret',
        label: '账号密钥',
        children: (
          <span className={styles.inline}>
            <code className={styles.masked} data-testid="ums-secret-masked">
              {view.secretMasked}
            </code>
            <Tag color="success">已启用</Tag>
          </span>
        ),
      },
      { key: 'createdAt', label: '创建时间', children: dateTime(view.createdAt) },
      { key: 'rotatedAt', label: '最近轮换', children: view.rotatedAt ? dateTime(view.rotatedAt) : <span className={styles.muted}>从未轮换</span> },
    );
  }

  const close = () => setOpen(false);

  return (
    <Card title="AppKey 与账号密钥" variant="outlined">
      <KeyFacts items={items} />
      {view.previousValidUntil ? (
        <Alert
          type="warning"
          showIcon
          className={styles.cardAlert}
          title={`原账号密钥在 ${dateTime(view.previousValidUntil)} 前仍然有效（轮换宽限期），请在此之前将新密钥部署到所有调用方。`}
          data-testid="ums-grace"
        />
      ) : null}
      {view.hasSecret ? (
        <div className={styles.cardActions}>
          <Button icon={<SyncOutlined />} onClick={confirmRotate} loading={busy} disabled={busy} data-testid="ums-rotate-secret">
            轮换密钥
          </Button>
          <span className={styles.fieldHint}>密钥遗失或可能泄露时请立即轮换。完整密钥仅在创建或轮换时显示一次。</span>
        </div>
      ) : (
        <KeyEmpty
          icon={KeyOutlined}
          testId="ums-no-secret"
          title="尚未创建账号密钥"
          text="MD5、HMAC-SHA256 签名和 AES-256-GCM 加密需要账号密钥。密钥创建后只显示一次，请准备好安全的保存位置。"
        >
          <Button type="primary" icon={<PlusOutlined />} onClick={confirmCreate} loading={busy} disabled={busy} data-testid="ums-create-secret">
            生成密钥
          </Button>
        </KeyEmpty>
      )}

      {dialog}
      <ShownOnce
        open={open}
        title={issued?.action === 'rotate' ? '账号密钥已轮换' : '账号密钥已创建'}
        onClose={close}
        afterClose={() => setIssued(null)}
        width={600}
        footer={
          <Button type="primary" onClick={close}>
            我已复制并妥善保存
          </Button>
        }
        lost="平台只保存加密后的密钥，任何人（包括客服）都无法再次为您显示。如遗失，请轮换生成新密钥。"
      >
        {issued ? (
          <>
            <CodeBox label="AppKey" text={issued.appKey} />
            <CodeBox label="账号密钥" text={issued.secret} testId="ums-secret-once" />
            {issued.previousValidUntil ? (
              <p className={styles.onceNote}>
                原账号密钥在 <strong>{dateTime(issued.previousValidUntil)}</strong> 前仍然有效，请在此之前将新密钥部署到所有调用方。
              </p>
            ) : null}
          </>
        ) : null}
      </ShownOnce>
    </Card>
  );
}
