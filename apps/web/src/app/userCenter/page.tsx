// /userCenter (spec 02 §2): the dashboard — account, balance, purchases, calls, free test calls,
// unread messages and open alerts, each linking into its area. The figures are the server's;
// where the account has nothing yet, the page says so and points at the next step.
import { accountApi, formatFen, QUALIFICATION_LABEL } from '@apimarket/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { serverCallData } from '@/lib/api/server';
import { dateTime } from '@/lib/format';
import { ucHref } from '@/lib/user-center';
import styles from './home.module.css';

export const metadata: Metadata = { title: '首页' };

export default async function UserCenterHome() {
  const [home, account] = await Promise.all([
    serverCallData(accountApi.home, undefined, { withSession: true }),
    serverCallData(accountApi.summary, undefined, { withSession: true }),
  ]);
  if (!home || !account) {
    return (
      <section className={styles.panel}>
        <h1 className={styles.title}>概览暂时无法加载</h1>
        <p className={styles.muted}>请稍后刷新页面重试；如持续出现，请联系客服。</p>
      </section>
    );
  }

  // A sub-account neither holds money nor buys (Decision 180): its figures start with what was assigned to it.
  const sub = account.isSubAccount;
  const stats: Array<{ label: string; value: string | number; note?: string; href: string; action: string }> = [
    ...(sub ? [] : [{ label: '账户余额（元）', value: formatFen(home.balanceFen), href: ucHref('paymentManage/myOrder'), action: '查看订单' }]),
    { label: sub ? '已分配接口' : '已购接口', value: home.purchasedInterfaces, href: ucHref('dataManage/myAPI'), action: '我的API' },
    {
      label: '今日调用（次）',
      value: home.callsToday,
      note: `本月 ${home.callsThisMonth} 次`,
      href: ucHref('dataManage/useHistory'),
      action: '调用记录',
    },
    ...(sub ? [] : [{ label: '免费测试剩余（次）', value: home.freeTestCallsLeft, href: '/api', action: '选择接口测试' }]),
    { label: '未读消息', value: home.unreadMessages, href: ucHref('messageCt'), action: '消息中心' },
    { label: '预警中', value: home.openAlerts, href: ucHref('warningManage/myWarning'), action: '用量预警' },
  ];

  return (
    <div className={styles.page}>
      <section className={`${styles.panel} ${styles.account}`}>
        <div>
          <h1 className={styles.title}>
            {account.loginName}
            <span className={account.qualification === 'approved' ? styles.tagOk : styles.tag}>{QUALIFICATION_LABEL[account.qualification]}</span>
          </h1>
          <p className={styles.muted}>
            {account.companyName || '企业信息未认证'}
            {account.isSubAccount ? ` · 子账号（主账号 ${account.parentName}）` : ''}
          </p>
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>绑定手机</dt>
            <dd>{account.mobile}</dd>
          </div>
          <div>
            <dt>上次登录</dt>
            <dd>
              {dateTime(account.lastLoginAt)}
              {account.lastLoginIp ? `（${account.lastLoginIp}）` : ''}
            </dd>
          </div>
          <div>
            <dt>注册时间</dt>
            <dd>{dateTime(account.createdAt)}</dd>
          </div>
        </dl>
      </section>

      <section className={styles.stats} aria-label="账户概览">
        {stats.map((s) => (
          <Link key={s.label} href={s.href} className={styles.stat} data-testid="uc-stat">
            <span className={styles.statLabel}>{s.label}</span>
            <strong className={styles.statValue}>
              {s.value}
              {s.note ? <small className={styles.statNote}>{s.note}</small> : null}
            </strong>
            <span className={styles.statAction}>{s.action} ›</span>
          </Link>
        ))}
      </section>

      <div className={styles.columns}>
        <section className={styles.panel}>
          <h2 className={styles.subtitle}>最近调用</h2>
          {home.recentCalls.length === 0 ? (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>还没有调用记录</p>
              <p className={styles.muted}>购买接口后，用该接口的 Key 从您的系统发起调用，每一次调用都会记录在这里。</p>
              <Link href="/api" className={styles.primaryLink}>
                浏览 API 市场
              </Link>
            </div>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>接口</th>
                  <th>结果</th>
                  <th>流水号</th>
                  <th>时间</th>
                </tr>
              </thead>
              <tbody>
                {home.recentCalls.map((c) => (
                  <tr key={c.seqNo}>
                    <td>{c.interfaceName}</td>
                    <td>{c.code}</td>
                    <td className={styles.mono}>{c.seqNo}</td>
                    <td>{dateTime(c.calledAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className={styles.panel}>
          <h2 className={styles.subtitle}>常用入口</h2>
          <ul className={styles.shortcuts}>
            <li>
              <Link href="/api">API 市场</Link>
              <span>按行业和场景挑选数据接口</span>
            </li>
            <li>
              <Link href={`${ucHref('ums')}?tab=keys`}>接口密钥</Link>
              <span>签名与加密调用所需的 AppKey 和密钥</span>
            </li>
            <li>
              <Link href={ucHref('enterpriseAuth')}>企业认证</Link>
              <span>认证信息与业务联系人</span>
            </li>
            <li>
              <Link href={ucHref('messageCt')}>消息中心</Link>
              <span>审核结果、安全提醒与账单通知</span>
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
