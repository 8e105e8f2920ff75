'use client';
// The platform's account to transfer to, as the server answers it (Decision 165), wherever a page
// shows it (充值, the purchase page): the configured account; the example of a demo start, tagged
// and warned about before anyone reads its number; or, when recharging is closed, whom to call.
import { type BankAccount, SUPPORT_HOTLINE } from '@apimarket/contracts';
import { Alert, Descriptions, Tag, Typography } from 'antd';
import styles from './bank-account.module.css';

export function BankAccountView({ account, title }: { account: BankAccount; title: string }) {
  if (!account.open) {
    return (
      <Alert
        type="warning"
        showIcon
        title="平台收款账户尚未配置，暂不能在线提交充值申请"
        description={`如需充值，请致电 ${SUPPORT_HOTLINE}，由客服为您办理。`}
        data-testid="recharge-closed"
      />
    );
  }
  const items = [
    { key: 'name', label: '收款户名', children: <Typography.Text copyable>{account.accountName}</Typography.Text> },
    { key: 'bank', label: '开户银行', children: account.bankName },
    { key: 'no', label: '收款账号', children: <Typography.Text copyable>{account.accountNo}</Typography.Text> },
  ];
  return (
    <div className={styles.account} data-testid={account.example ? 'recharge-account-example' : 'recharge-account'}>
      {account.example ? (
        <Alert
          type="warning"
          showIcon
          title="演示环境：以下为示例账户，请勿向其转账"
          description="本站尚未配置平台收款账户，示例账户仅用于体验充值流程；正式使用前请由平台设置真实的对公收款账户。"
        />
      ) : null}
      <Descriptions
        bordered
        column={1}
        size="small"
        title={
          account.example ? (
            <span>
              {title} <Tag color="warning">示例账户</Tag>
            </span>
          ) : (
            title
          )
        }
        items={items}
      />
    </div>
  );
}
