// /userCenter/ums (spec 02 §2 "Account settings"): profile, password, bound phone, notification
// e-mail and the account's API keys, one tab each; ?tab=password|mobile|email|keys opens one.
import type { Metadata } from 'next';
import { AccountSettings } from './_components/AccountSettings';
import styles from './ums.module.css';

export const metadata: Metadata = { title: '账号设置' };

export default function AccountSettingsPage() {
  return (
    <div className={styles.page}>
      <header className={styles.pageHead}>
        <h1 className={styles.pageTitle}>账号设置</h1>
        <p className={styles.pageIntro}>管理登录信息、绑定手机与通知邮箱，以及调用数据接口所需的 AppKey、密钥与签名加密方式。</p>
      </header>
      <AccountSettings />
    </div>
  );
}
