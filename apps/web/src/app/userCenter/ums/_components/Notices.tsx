'use client';
// The designed states every tab may fall into: a load that failed (with a retry) and the notice
// for an account whose company has not passed enterprise authentication (ALL_0060).
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import Link from 'next/link';
import { useUserCenter } from '@/components/user-center/UserCenterContext';
import { ucHref } from '@/lib/user-center';
import styles from '../ums.module.css';

export function LoadFailed({ title, reason, onRetry }: { title: string; reason: string; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={reason}
      extra={
        <Button type="primary" onClick={onRetry}>
          重新加载
        </Button>
      }
      data-testid="ums-load-failed"
    />
  );
}

export function NeedsQualification({ title }: { title: string }) {
  const { user } = useUserCenter();
  const sub = user.parentNickname !== '';
  return (
    <Result
      icon={<SafetyCertificateOutlined style={{ color: 'var(--color-primary)' }} />}
      title={title}
      subTitle={
        sub
          ? `接口密钥仅向已通过企业认证的账号开放。您的企业认证由主账号 ${user.parentNickname} 统一办理，认证通过后即可在此管理您自己的 AppKey、密钥与公私钥。`
          : '接口密钥仅向已通过企业认证的账号开放。完成企业认证后，即可在此创建账号密钥、设置签名与加密方式并管理 RSA 公私钥。'
      }
      extra={
        !sub || user.companyInfoVisible ? (
          <Link href={ucHref('enterpriseAuth')} className={styles.primaryLink}>
            {sub ? '查看企业认证' : '前往企业认证'}
          </Link>
        ) : null
      }
      data-testid="ums-needs-qualification"
    />
  );
}
