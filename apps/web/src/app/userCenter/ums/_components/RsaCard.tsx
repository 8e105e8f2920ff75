'use client';
// RSA keys (myAccount/asymmetrySecret, asymmetry): the platform's public key for this account,
// and the customer's public key, generated here or uploaded. A generated private key is shown
// once (copy or download as a file) and dropped from state when its dialog has closed; the
// platform never stores it. Generating and uploading ask for the login password first.
import { CloudUploadOutlined, DownloadOutlined, SafetyOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { type AsymmetryResult, type AsymmetryView, KEY_LIMITS, KEYS_MSG, keysApi, PublicKeyPem } from '@apimarket/contracts';
import { Alert, App, Button, Card, type DescriptionsProps, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { request } from '@/lib/api/client';
import { saveBlob } from '@/lib/download';
import { zodRule } from '@/lib/form-rules';
import styles from '../ums.module.css';
import { CodeBox } from './CodeBox';
import { KeyEmpty, KeyFacts, ShownOnce } from './KeyParts';
import { LoginPasswordField, usePasswordConfirm } from './PasswordConfirm';
import { dateTime, runKeyChange } from './shared';

interface Props {
  view: AsymmetryView;
  onChange: (next: AsymmetryView) => void;
  onQualificationLost: (message: string) => void;
}

const PRIVATE_KEY_FILE = 'apimarket-private-key.pem';
const SOURCE_LABEL = { generate: '平台生成（私钥已交付给您，平台不保存）', upload: '客户上传' } as const;

export function RsaCard({ view, onChange, onQualificationLost }: Props) {
  const { message } = App.useApp();
  const { ask, dialog } = usePasswordConfirm();
  const [generating, setGenerating] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [generated, setGenerated] = useState<(AsymmetryResult & { privateKey: string }) | null>(null);
  const [onceOpen, setOnceOpen] = useState(false);

  const applied = (r: AsymmetryResult) =>
    onChange({
      ...view,
      hasCustomerKey: true,
      customerKeyFingerprint: r.fingerprint,
      customerKeyBits: r.bits,
      customerKeySource: r.action,
      customerKeyUploadedAt: r.uploadedAt,
    });

  /** Generates with the password; null when done, or the refusal for the dialog. */
  const generate = (password: string) =>
    runKeyChange(setGenerating, onQualificationLost, async () => {
      const res = await request(keysApi.asymmetry, { action: 'generate', password }, { silent: true });
      const { privateKey } = res.data;
      if (privateKey) {
        setGenerated({ ...res.data, privateKey });
        setOnceOpen(true);
      }
      applied(res.data);
    });

  const confirmGenerate = () =>
    ask({
      title: view.hasCustomerKey ? '确定生成新的密钥对？' : '生成 RSA 密钥对',
      okText: '确认生成',
      effects: view.hasCustomerKey ? (
        <>
          <p>新公钥会立即替换当前的客户公钥，没有宽限期：用旧私钥生成的签名会立即验证失败，RSA 加密的应答也将改用新公钥加密。</p>
          <p>如正在使用 RSA 签名或 RSA 加密，建议先切换签名与加密方式，部署新私钥后再切换回来。</p>
        </>
      ) : (
        <p>平台将为您生成 RSA-2048 密钥对，只保存公钥；私钥只在生成后显示一次，请准备好安全的保存位置。</p>
      ),
      run: generate,
    });

  const customer: DescriptionsProps['items'] = view.hasCustomerKey
    ? [
        {
          key: 'fingerprint',
          label: '公钥指纹',
          children: (
            <div>
              <Typography.Text copyable={{ text: view.customerKeyFingerprint, tooltips: ['复制指纹', '已复制'] }} className={styles.fingerprint}>
                <span data-testid="ums-customer-fingerprint">{view.customerKeyFingerprint}</span>
              </Typography.Text>
              <p className={styles.fieldHint}>SHA-256（DER 编码，小写十六进制）</p>
            </div>
          ),
        },
        { key: 'bits', label: '密钥长度', children: view.customerKeyBits ? `${view.customerKeyBits} 位` : '—' },
        { key: 'source', label: '来源', children: view.customerKeySource ? SOURCE_LABEL[view.customerKeySource] : '—' },
        { key: 'uploadedAt', label: '设置时间', children: dateTime(view.customerKeyUploadedAt) },
      ]
    : [];

  const closeOnce = () => setOnceOpen(false);

  return (
    <Card title="RSA 公私钥" variant="outlined">
      <section className={styles.subSection}>
        <h3 className={styles.subTitle}>平台公钥</h3>
        <p className={styles.cardIntro}>平台为您的账号生成的 RSA-2048 公钥。使用 RSA 加密方式时，用它加密发往平台的请求。</p>
        {view.platformPublicKey ? (
          <CodeBox label="平台公钥（PEM）" text={view.platformPublicKey} testId="ums-platform-public-key" multiline />
        ) : (
          <p className={styles.muted}>平台公钥暂未生成，请稍后刷新页面。</p>
        )}
      </section>

      <section className={styles.subSection}>
        <h3 className={styles.subTitle}>客户公钥</h3>
        <p className={styles.cardIntro}>平台用您的公钥验证 RSA-SHA256 签名，并在 RSA 加密方式下加密给您的应答。私钥始终由您自己保管。</p>
        {view.hasCustomerKey ? (
          <KeyFacts items={customer} />
        ) : (
          <KeyEmpty
            icon={SafetyOutlined}
            testId="ums-no-customer-key"
            title="尚未设置客户公钥"
            text={`RSA-SHA256 签名和 RSA 加密方式需要客户公钥。您可以让平台生成密钥对，或上传自己生成的 RSA 公钥（${KEY_LIMITS.rsaMinBits} 位及以上）。`}
          />
        )}
        <div className={styles.cardActions}>
          {/* 「生成 RSA 密钥对」: a name containing 「生成密钥」 would make the secret's button ambiguous. */}
          <Button
            type={view.hasCustomerKey ? 'default' : 'primary'}
            icon={<ThunderboltOutlined />}
            onClick={confirmGenerate}
            loading={generating}
            disabled={generating}
            data-testid="ums-generate-keypair"
          >
            生成 RSA 密钥对
          </Button>
          <Button icon={<CloudUploadOutlined />} onClick={() => setUploadOpen(true)} disabled={generating} data-testid="ums-upload-public-key">
            上传公钥
          </Button>
        </div>
      </section>

      {dialog}
      <UploadKeyModal
        open={uploadOpen}
        replacing={view.hasCustomerKey}
        onClose={() => setUploadOpen(false)}
        onUploaded={(r, msg) => {
          setUploadOpen(false);
          message.success(msg || KEYS_MSG.keyUploaded);
          applied(r);
        }}
        onQualificationLost={onQualificationLost}
      />

      <ShownOnce
        open={onceOpen}
        title="密钥对已生成"
        onClose={closeOnce}
        afterClose={() => setGenerated(null)}
        width={640}
        lost="平台不保存您的私钥，任何人（包括客服）都无法再次为您提供。如遗失，请重新生成密钥对或上传新的公钥。"
        footer={
          <div className={styles.modalFooter}>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => generated && saveBlob(new Blob([generated.privateKey], { type: 'application/x-pem-file' }), PRIVATE_KEY_FILE)}
              data-testid="ums-download-private-key"
            >
              下载私钥文件
            </Button>
            <Button type="primary" onClick={closeOnce}>
              我已妥善保存私钥
            </Button>
          </div>
        }
      >
        {generated ? (
          <>
            <p className={styles.onceNote}>
              对应公钥指纹 <code className={styles.fingerprint}>{generated.fingerprint}</code>，{generated.bits} 位。
            </p>
            <CodeBox label="客户私钥（PKCS#8 PEM）" text={generated.privateKey} testId="ums-private-key-once" multiline />
          </>
        ) : null}
      </ShownOnce>
    </Card>
  );
}

function UploadKeyModal({
  open,
  replacing,
  onClose,
  onUploaded,
  onQualificationLost,
}: {
  open: boolean;
  replacing: boolean;
  onClose: () => void;
  onUploaded: (result: AsymmetryResult, msg: string) => void;
  onQualificationLost: (message: string) => void;
}) {
  return (
    <Modal open={open} title="上传客户公钥" onCancel={onClose} footer={null} width={640} destroyOnHidden mask={{ closable: false }}>
      {open ? <UploadKeyForm replacing={replacing} onCancel={onClose} onUploaded={onUploaded} onQualificationLost={onQualificationLost} /> : null}
    </Modal>
  );
}

function UploadKeyForm({
  replacing,
  onCancel,
  onUploaded,
  onQualificationLost,
}: {
  replacing: boolean;
  onCancel: () => void;
  onUploaded: (result: AsymmetryResult, msg: string) => void;
  onQualificationLost: (message: string) => void;
}) {
  const [form] = Form.useForm<{ publicKey: string; password: string }>();
  const [busy, setBusy] = useState(false);

  // Every refusal the server words belongs to a field; a network failure was toasted by the client.
  const onFinish = ({ publicKey, password }: { publicKey: string; password: string }) =>
    runKeyChange(
      setBusy,
      onQualificationLost,
      async () => {
        const res = await request(keysApi.asymmetry, { action: 'upload', publicKey: publicKey.trim(), password });
        onUploaded(res.data, res.msg);
      },
      (msg) => {
        form.setFields([{ name: msg === KEYS_MSG.passwordWrong || msg.includes('密码') ? 'password' : 'publicKey', errors: [msg] }]);
        return true;
      },
    );

  return (
    <Form name="ums-public-key" form={form} layout="vertical" onFinish={onFinish} data-testid="ums-upload-form">
      {replacing ? (
        <Alert type="warning" showIcon className={styles.formAlert} title="上传后将立即替换当前的客户公钥，没有宽限期：用旧私钥生成的签名会立即验证失败。" />
      ) : null}
      <Form.Item
        name="publicKey"
        label="RSA 公钥（PEM 格式）"
        required
        rules={[zodRule(PublicKeyPem)]}
        extra={`支持以 -----BEGIN PUBLIC KEY----- 或 -----BEGIN RSA PUBLIC KEY----- 开头的 RSA 公钥，长度 ${KEY_LIMITS.rsaMinBits}–${KEY_LIMITS.rsaMaxBits} 位。请勿粘贴私钥。`}
      >
        <Input.TextArea
          rows={9}
          className={styles.pemInput}
          placeholder={'-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA…\n-----END PUBLIC KEY-----'}
          spellCheck={false}
          autoComplete="off"
        />
      </Form.Item>
      <LoginPasswordField />
      <div className={styles.modalFooter}>
        <Button onClick={onCancel} disabled={busy}>
          取消
        </Button>
        <Button type="primary" htmlType="submit" loading={busy} disabled={busy}>
          确认上传
        </Button>
      </div>
    </Form>
  );
}
