'use client';
// 基本信息: who the account is (login name, main or sub-account, company and its authentication,
// contact, last login) and its security items, each with the way to the tab that changes it.
import { CheckCircleFilled, ExclamationCircleFilled, KeyOutlined, LockOutlined, MailOutlined, MobileOutlined } from '@ant-design/icons';
import { type AccountSummary, QUALIFICATION_LABEL, type QualificationStatus } from '@apimarket/contracts';
import { Button, Card, Descriptions, type DescriptionsProps, Skeleton, Tag } from 'antd';
import Link from 'next/link';
import { useUserCenter } from '@/components/user-center/UserCenterContext';
import { ucHref } from '@/lib/user-center';
import styles from '../ums.module.css';
import { LoadFailed } from './Notices';
import { dateTime, type Loadable, type TabKey } from './shared';

const QUALIFICATION_COLOR: Record<QualificationStatus, string> = {
  none: 'default',
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  revoked: 'warning',
};

export function ProfileSection({ account, onRetry, onOpen }: { account: Loadable<AccountSummary>; onRetry: () => void; onOpen: (tab: TabKey) => void }) {
  if (account.kind === 'loading') {
    return (
      <div className={styles.stack} aria-busy="true">
        <Card title="账号信息" variant="outlined">
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        </Card>
        <Card title="安全设置" variant="outlined">
          <Skeleton active avatar title={false} paragraph={{ rows: 3 }} />
        </Card>
      </div>
    );
  }
  if (account.kind === 'failed') return <LoadFailed title="账号信息暂时无法加载" reason={account.message} onRetry={onRetry} />;
  return <Profile account={account.data} onOpen={onOpen} />;
}

function Profile({ account, onOpen }: { account: AccountSummary; onOpen: (tab: TabKey) => void }) {
  const { user } = useUserCenter();
  const canSeeCompany = !account.isSubAccount || user.companyInfoVisible;
  const approved = account.qualification === 'approved';

  const info: DescriptionsProps['items'] = [
    { key: 'loginName', label: '登录账号', children: <span data-testid="ums-login-name">{account.loginName}</span> },
    {
      key: 'type',
      label: '账号类型',
      children: account.isSubAccount ? (
        <span>
          <Tag color="processing">子账号</Tag>主账号 {account.parentName}
        </span>
      ) : (
        <Tag>主账号</Tag>
      ),
    },
    { key: 'company', label: '企业名称', children: account.companyName || <span className={styles.muted}>尚未认证企业信息</span> },
    {
      key: 'qualification',
      label: '企业认证',
      children: (
        <span className={styles.inline}>
          <Tag color={QUALIFICATION_COLOR[account.qualification]} data-testid="ums-qualification">
            {QUALIFICATION_LABEL[account.qualification]}
          </Tag>
          {canSeeCompany ? (
            <Link href={ucHref('enterpriseAuth')}>{approved ? '查看认证信息' : '前往企业认证'}</Link>
          ) : (
            <span className={styles.muted}>由主账号办理</span>
          )}
        </span>
      ),
    },
    { key: 'contacter', label: '联系人', children: account.contacter || <span className={styles.muted}>未填写</span> },
    {
      key: 'lastLogin',
      label: '上次登录',
      children: (
        <span>
          {dateTime(account.lastLoginAt)}
          {account.lastLoginIp ? <span className={styles.muted}>（IP {account.lastLoginIp}）</span> : null}
        </span>
      ),
    },
    { key: 'createdAt', label: '注册时间', children: dateTime(account.createdAt) },
  ];

  const rows: SecurityRow[] = [
    {
      key: 'password',
      icon: <LockOutlined />,
      title: '登录密码',
      text: '建议定期更换，并且不要与其他网站使用相同的密码。修改后，其他设备上的登录会退出。',
      state: { ok: true, label: '已设置' },
      action: '修改密码',
    },
    {
      key: 'mobile',
      icon: <MobileOutlined />,
      title: '绑定手机',
      text: '用于登录验证、找回密码和接收安全提醒。',
      state: account.mobile ? { ok: true, label: account.mobile } : { ok: false, label: '未绑定' },
      action: '更换手机号',
    },
    {
      key: 'email',
      icon: <MailOutlined />,
      title: '通知邮箱',
      text: '绑定后，用量预警与账单通知会同时发送到该邮箱。',
      state: account.email ? { ok: true, label: account.email } : { ok: false, label: '未绑定' },
      action: account.email ? '更换邮箱' : '绑定邮箱',
    },
    {
      key: 'keys',
      icon: <KeyOutlined />,
      title: '接口密钥',
      text: 'AppKey、账号密钥、签名与加密方式和 RSA 公私钥，用于签名或加密调用数据接口。',
      state: null,
      action: '管理密钥',
    },
  ];

  return (
    <div className={styles.stack}>
      <Card title="账号信息" variant="outlined">
        <Descriptions items={info} bordered size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }} styles={{ label: { whiteSpace: 'nowrap' } }} />
      </Card>
      <Card title="安全设置" variant="outlined">
        <ul className={styles.securityList}>
          {rows.map((row) => (
            <li key={row.key} className={styles.securityRow}>
              <span className={styles.securityIcon} aria-hidden="true">
                {row.icon}
              </span>
              <div className={styles.securityMain}>
                <div className={styles.securityTitle}>
                  {row.title}
                  {row.state ? (
                    <span className={row.state.ok ? styles.stateOk : styles.stateWarn} data-testid={`ums-security-${row.key}`}>
                      {row.state.ok ? <CheckCircleFilled /> : <ExclamationCircleFilled />} {row.state.label}
                    </span>
                  ) : null}
                </div>
                <p className={styles.securityText}>{row.text}</p>
              </div>
              <Button type="link" className={styles.securityAction} onClick={() => onOpen(row.key)}>
                {row.action}
              </Button>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

interface SecurityRow {
  key: Exclude<TabKey, 'profile'>;
  icon: React.ReactNode;
  title: string;
  text: string;
  state: { ok: boolean; label: string } | null;
  action: string;
}
