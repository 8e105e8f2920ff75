'use client';
// 「免费试用 N 次」 on an interface marked for a trial (issue #8), on its public page and on 购买接口:
// the calls come from the account's free test quota, once per interface, and appear in 我的API
// with a key. The public page is cached for everyone, so whether this visitor already took it is
// asked from the browser. Logged out, a click goes to the login with the way back. Plain
// elements, no antd: the public page must stay light.
// Decision 1 in words a buyer reads: N is this interface's trial, once per account; the free test
// quota (150 by default) is the account's pool all trials draw from; the 1000+ headline is a sales
// offer and is said where its button is, not here.
import { type FreeTrialResult, trialLabel } from '@apimarket/contracts';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { signedIn, signedInOrLogin } from '@/lib/signed-in';
import { useServerAction } from '@/lib/use-server-action';
import { request } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import styles from './trial.module.css';

const MY_API = '/userCenter/dataManage/myAPI';

type View = { kind: 'offer' } | { kind: 'taken' } | { kind: 'done'; result: FreeTrialResult } | { kind: 'unqualified' };

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
  const [quota, setQuota] = useState<{ left: number; grantable: number } | null>(null);
  const { busy, error, setError, run } = useServerAction();
  const back = redirect ?? `/api/${interfaceId}`;

  useEffect(() => {
    setView({ kind: 'offer' });
    setError('');
    if (!signedIn()) return;
    // A stale session reads as "not taken yet": no alert for a check nobody asked for.
    // The declarations (and zod with them) load for a signed-in visitor only (Decision 158).
    import('@apimarket/contracts')
      .then(({ trialApi }) => request(trialApi.state, { interfaceId }, { loginStateCheck: true, silent: true }))
      .then((r) => {
        setQuota({ left: r.data.quotaLeft, grantable: r.data.grantable });
        if (r.data.taken) setView({ kind: 'taken' });
      })
      .catch(() => setQuota(null));
  }, [interfaceId, setError]);

  const take = async () => {
    if (!signedInOrLogin(back)) return;
    await run(
      async () => {
        const { trialApi } = await import('@apimarket/contracts');
        const res = await request(trialApi.take, { interfaceId });
        setQuota({ left: res.data.quotaLeft, grantable: 0 });
        setView({ kind: 'done', result: res.data });
        onGranted?.(res.data);
      },
      // A trial, too, needs an authenticated company: that refusal has its own view.
      (err) => {
        if (!(err instanceof ApiError && err.code === 'ALL_0060')) return false;
        setView({ kind: 'unqualified' });
        return true;
      },
    );
  };

  if (view.kind === 'done') {
    return (
      <div className={styles.box} role="status" data-testid="trial-done">
        <p className={styles.ok}>已开通 {view.result.calls} 次免费调用</p>
        <p className={styles.muted}>接口 Key 在「我的API」中查看；免费测试额度剩余 {view.result.quotaLeft} 次，可用于其他接口的试用。</p>
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
  const empty = !taken && quota !== null && quota.left === 0;
  // The last calls of the quota are granted rather than refused (Decision 93): say how many.
  const partial = !taken && quota !== null && quota.grantable > 0 && quota.grantable < calls;
  return (
    <div className={styles.box}>
      <button type="button" className={styles.button} disabled={busy || taken || empty} onClick={() => void take()} data-testid="trial-button">
        {taken ? '已领取免费试用' : empty ? '免费测试额度已用完' : trialLabel(partial ? (quota?.grantable ?? calls) : calls)}
      </button>
      <p className={styles.muted} data-testid="trial-terms">
        {taken ? (
          <>
            每个账号每个接口限领一次，<Link href={MY_API}>在「我的API」查看</Link>
          </>
        ) : quota !== null ? (
          <>
            本接口每个账号可免费调用 {calls} 次（限领一次），从您的免费测试额度中扣除：额度剩余
            <strong className={styles.figure}> {quota.left} </strong>次，各接口的试用共用。
          </>
        ) : (
          `本接口每个账号可免费调用 ${calls} 次（限领一次），从注册赠送的免费测试额度中扣除，各接口的试用共用；完成企业认证后即可领取。`
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
