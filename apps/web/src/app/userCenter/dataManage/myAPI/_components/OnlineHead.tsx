'use client';
// What the test and batch screens share about one purchase: loading it, the card with its facts
// (name, POST path, calls left, expiry, state) and the answer to an id that is not the caller's.
import { type CallReply, ONLINE_MSG, type OnlineInterface, type onlineApi } from '@apimarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Tag } from 'antd';
import Link from 'next/link';
import { useCallback } from 'react';
import { serverMessage } from '@/lib/api/errors';
import { callKey, useCall } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import styles from './online-head.module.css';

export const MY_API = '/userCenter/dataManage/myAPI';
export const testHref = (purchaseId: number) => `${MY_API}/apiTest?id=${purchaseId}`;
export const batchHref = (purchaseId: number) => `${MY_API}/applyBatch?id=${purchaseId}`;

export type Loaded = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed'; msg: string | null } | { kind: 'ok'; info: OnlineInterface };

/** The two calls that answer a purchase's view: the test screen's and the batch screen's. */
type OnlineCall = typeof onlineApi.testInterface | typeof onlineApi.batchInterface;

/**
 * The purchase as `call` answers it (getInterfaceInfoTById and showOnline give the same view).
 * `reload()` reads it again; once shown, a failed reload keeps what is shown. `setCallsLeft` keeps
 * the card right after a call without asking again.
 */
export function useOnlineInterface(call: OnlineCall, purchaseId: number) {
  const client = useQueryClient();
  // The card says why it could not load (NotLoaded): no toast as well.
  const query = useCall(call, { purchaseId }, { quiet: true });
  const { refetch } = query;

  let loaded: Loaded;
  if (query.data) loaded = { kind: 'ok', info: query.data.data };
  else if (query.isPending) loaded = { kind: 'loading' };
  else {
    const msg = serverMessage(query.error);
    // Another account's purchase answers like one that does not exist; say the same.
    loaded = msg === ONLINE_MSG.purchaseMissing || msg === ONLINE_MSG.purchaseRequired ? { kind: 'missing' } : { kind: 'failed', msg };
  }

  const reload = useCallback(() => void refetch(), [refetch]);
  const setCallsLeft = useCallback(
    (callsLeft: number) =>
      client.setQueryData<CallReply<OnlineCall>>(callKey(call, { purchaseId }), (old) =>
        old ? { ...old, data: { ...old.data, callsLeft, usable: old.data.usable && callsLeft > 0 } } : old,
      ),
    [client, call, purchaseId],
  );

  return { loaded, reload, setCallsLeft };
}

/** The card for every state but loaded: a skeleton, the missing purchase, or a retry. */
export function NotLoaded({ loaded, onRetry }: { loaded: Exclude<Loaded, { kind: 'ok' }>; onRetry: () => void }) {
  if (loaded.kind === 'missing') return <PurchaseMissing />;
  if (loaded.kind === 'loading') {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  return (
    <Card>
      <Alert
        type="error"
        showIcon
        title={loaded.msg ?? '已购接口暂时无法加载'}
        description="请检查网络后重试；如持续出现，请联系客服。"
        action={
          <Button size="small" onClick={onRetry}>
            重 试
          </Button>
        }
      />
    </Card>
  );
}

/** No ?id=, or an id that is not one of the account's purchases. */
export function PurchaseMissing() {
  return (
    <Card data-testid="purchase-missing">
      <Result
        status="warning"
        title={ONLINE_MSG.purchaseMissing}
        subTitle="链接中的已购接口不存在或不属于当前账号，请在「我的API」中选择要测试或批量查询的接口。"
        extra={
          <Link href={MY_API}>
            <Button type="primary">返回我的API</Button>
          </Link>
        }
      />
    </Card>
  );
}

/** `usable` folds three reasons together; the card names the one that applies. */
function stateOf(info: OnlineInterface): { label: string; color: string } {
  if (info.usable) return { label: '正常', color: 'success' };
  if (info.callsLeft <= 0) return { label: '已用完', color: 'warning' };
  if (Date.parse(info.expiresAt) <= Date.now()) return { label: '已过期', color: 'error' };
  return { label: '已停用', color: 'default' };
}

export function OnlineHead({ info, here }: { info: OnlineInterface; here: 'test' | 'batch' }) {
  const state = stateOf(info);
  return (
    <Card
      title={
        <Link href={`/api/${info.interfaceId}`} className={styles.name}>
          {info.interfaceName}
        </Link>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, xl: 4 }}
        items={[
          { key: 'path', label: '请求地址', children: <code className={styles.path}>POST {info.path}</code> },
          {
            key: 'left',
            label: '剩余调用',
            children: (
              <span>
                <strong data-testid="online-calls-left">{info.callsLeft.toLocaleString('zh-CN')}</strong> 次
              </span>
            ),
          },
          { key: 'expires', label: '到期时间', children: dateTime(info.expiresAt) },
          {
            key: 'state',
            label: '状态',
            children: (
              <Tag color={state.color} data-testid="online-state">
                {state.label}
              </Tag>
            ),
          },
        ]}
      />
      {info.usable ? null : <Alert type="warning" showIcon title={ONLINE_MSG.unusable} className={styles.notice} />}
      <nav className={styles.links} aria-label="该接口的其他操作">
        {here === 'test' ? <Link href={batchHref(info.purchaseId)}>批量查询</Link> : <Link href={testHref(info.purchaseId)}>在线测试</Link>}
        <Link href="/userCenter/dataManage/useHistory">调用记录</Link>
        <Link href={MY_API}>返回我的API</Link>
      </nav>
    </Card>
  );
}
