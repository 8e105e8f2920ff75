'use client';
// 「免费试用 N 次」 on an interface marked for a trial (issue #8), on its public page and on 购买接口:
// the calls come from the account's free test quota, once per interface, and appear in 我的API
// with a key. The public page is cached for everyone, so whether this visitor already took it is
// asked from the browser. Logged out, a click goes to the login with the way back. Plain
// elements, no antd: the public page must stay light.
import { COOKIE, type FreeTrialResult, type FreeTrialState, trialLabel } from '@apimarket/contracts';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { readCookie } from '../../lib/api/build';
import { request } from '../../lib/api/client';
import { ApiError, serverMessage } from '../../lib/api/errors';
import styles from './trial.module.css';

const MY_API = '/userCenter/dataManage/myAPI';

type View =
  | { kind: 'offer' }
  | { kind: 'taken' }
  | { kind: 'done'; result: FreeTrialResult }
  | { kind: 'unqualified' };

export function TrialButton({
  interfaceId,
  calls,
  redirect,
  onGranted,
}: {
  interfaceId: number;
  calls: number;
  /** Where the login sends the visitor back to; the interface's page by default. */
  redirect?: string;
  onGranted?: (result: FreeTrialResult) => void;
}) {
  const [view, setView] = useState<View>({ kind: 'offer' });
  const [quotaLeft, setQuotaLeft] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const back = redirect ?? `/api/${interfaceId}`;

  useEffect(() => {
    setView({ kind: 'offer' });
    setError('');
    if (!readCookie(document.cookie, COOKIE.membershipId)) return;
    // A stale session reads as "not taken yet": no alert for a check nobody asked for.
    request<{ data: FreeTrialState }>('myBuy/freeTrial/state', { data: { interfaceId }, loginStateCheck: true, silent: true })
      .then((r) => {
        setQuotaLeft(r.data.quotaLeft);
        if (r.data.taken) setView({ kind: 'taken' });
      })
      .catch(() => setQuotaLeft(null));
  }, [interfaceId]);

  const take = async () => {
    if (!readCookie(document.cookie, COOKIE.membershipId)) {
      window.location.assign(`/login?redirect=${encodeURIComponent(back)}`);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const res = await request<{ data: FreeTrialResult }>('myBuy/freeTrial', { data: { interfaceId } });
      setQuotaLeft(res.data.quotaLeft);
      setView({ kind: 'done', result: res.data });
      onGranted?.(res.data);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ALL_0060') setView({ kind: 'unqualified' });
      else setError(serverMessage(err) ?? '');
    } finally {
      setBusy(false);
    }
  };

  if (view.kind === 'done') {
    return (
      <div className={styles.box} role="status" data-testid="trial-done">
        <p className={styles.ok}>已开通 {view.result.calls} 次免费调用</p>
        <p className={styles.muted}>
          接口 Key 在「我的API」中查看；免费测试额度剩余 {view.result.quotaLeft} 次。
        </p>
        <Link href={MY_API} className={styles.link}>
          前往我的API
        </Link>
      </div>
    );
  }

  if (view.kind === 'unqualified') {
    return (
      <div className={styles.box} role="status">
        <p className={styles.muted}>领取免费试用前请先完成企业认证。</p>
        <Link href="/userCenter/enterpriseAuth" className={styles.link}>
          去企业认证
        </Link>
      </div>
    );
  }

  const taken = view.kind === 'taken';
  return (
    <div className={styles.box}>
      <button type="button" className={styles.button} disabled={busy || taken} onClick={() => void take()} data-testid="trial-button">
        {taken ? '已领取免费试用' : trialLabel(calls)}
      </button>
      <p className={styles.muted}>
        {taken ? (
          <>
            每个接口限领一次，<Link href={MY_API}>在「我的API」查看</Link>
          </>
        ) : quotaLeft !== null ? (
          `使用账户的免费测试额度（剩余 ${quotaLeft} 次），每个接口限领一次`
        ) : (
          '注册并完成企业认证即可领取，每个接口限领一次'
        )}
      </p>
      {error ? (
        <p className={styles.warn} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
