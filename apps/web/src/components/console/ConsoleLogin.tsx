'use client';
// The console's sign-in: account and password, then the authenticator's 6-digit code. An
// operator without an authenticator (first sign-in, or after a reset) is shown the QR code and
// the secret, and signs in with the first code the new authenticator shows.
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { type ConsoleEnrollment, ConsoleLoginInput, type ConsoleOperator, consoleSessionApi, OperatorUsername, TotpCode } from '@apimarket/contracts';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { zodRule } from '@/lib/form-rules';
import styles from './console.module.css';

interface Fields {
  username: string;
  password: string;
  code?: string;
}

export function ConsoleLogin({ onSignedIn }: { onSignedIn: (operator: ConsoleOperator) => void }) {
  const [form] = Form.useForm<Fields>();
  const [enrollment, setEnrollment] = useState<ConsoleEnrollment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Fields) => {
    setBusy(true);
    setError(null);
    try {
      const fields = { username: values.username, password: values.password, code: values.code ?? '' };
      const res = enrollment
        ? await request(consoleSessionApi.enroll, fields, { loginStateCheck: true })
        : await request(consoleSessionApi.login, fields, { loginStateCheck: true });
      if (res.data.stage === 'enroll') {
        setEnrollment(res.data);
        form.setFieldValue('code', '');
      } else {
        onSignedIn(res.data.operator);
      }
    } catch (err) {
      setError(serverMessage(err) ?? '登录失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.loginPage}>
      <Card className={styles.loginCard}>
        <h1 className={styles.loginTitle}>
          <SafetyCertificateOutlined /> 数据API市场 · 运营后台
        </h1>
        <Typography.Paragraph type="secondary">仅限平台运营人员使用，所有操作都会记录在操作日志中。</Typography.Paragraph>
        {error ? <Alert type="error" showIcon title={error} className={styles.loginError} data-testid="console-login-error" /> : null}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
          <Form.Item label="运营账号" name="username" rules={[zodRule(OperatorUsername)]}>
            <Input autoComplete="username" maxLength={32} readOnly={enrollment !== null} />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[zodRule(ConsoleLoginInput.shape.password)]}>
            <Input.Password autoComplete="current-password" readOnly={enrollment !== null} />
          </Form.Item>
          {enrollment ? (
            <div className={styles.enroll} data-testid="console-enroll">
              <Alert
                type="info"
                showIcon
                title="首次登录，请绑定身份验证器"
                description="用手机上的身份验证器（如 Google Authenticator、Microsoft Authenticator 或企业微信）扫描二维码，或手动输入密钥，再填入它显示的6位动态码。"
              />
              {/* biome-ignore lint/performance/noImgElement: an inline data: URL, nothing for next/image to optimise */}
              <img src={enrollment.qr} alt="身份验证器二维码" width={168} height={168} className={styles.qr} />
              <div className={styles.secret}>
                密钥：
                <Typography.Text copyable code data-testid="console-secret">
                  {enrollment.secret}
                </Typography.Text>
              </div>
            </div>
          ) : null}
          <Form.Item
            label="动态码"
            name="code"
            extra={enrollment ? undefined : '身份验证器上的6位数字；首次登录请留空'}
            rules={[zodRule(enrollment ? TotpCode : ConsoleLoginInput.shape.code)]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {enrollment ? '绑定并登录' : '登 录'}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
