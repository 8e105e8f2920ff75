'use client';
// 我的API: every purchased interface with its key (copy), remaining calls, expiry and state, and
// what can be done with it: stop/resume, callback URL, automatic renewal, refund of what is left.
// The name search is kept for the session (spec 02 §3 "myApiSearch"), so coming back from an
// interface's page finds the list as it was left.
import { billingApi, type PurchaseRow, purchasesApi } from '@apimarket/contracts';
import { App, Button, Card, Empty, Input, Space, Statistic, type TableColumnsType, Tag, Typography } from 'antd';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { AutoRenewDialog, type RenewTarget } from '@/components/user-center/AutoRenewDialog';
import { InterfaceCell, ListTable, MarketLink } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { useUserCenter } from '@/components/user-center/UserCenterContext';
import { useRefund } from '@/components/user-center/RefundDialog';
import { useCall, useCallMutation, usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { CallbackUrlDialog } from './CallbackUrlDialog';
import styles from './my-api.module.css';

const SEARCH_KEY = 'myApiSearch';

function state(row: PurchaseRow): { label: string; color: string } {
  if (row.status === 'stopped') return { label: '已停用', color: 'default' };
  if (row.expired) return { label: '已过期', color: 'error' };
  if (row.callsLeft <= 0) return { label: '已用完', color: 'warning' };
  return { label: '正常', color: 'success' };
}

export function MyApiList() {
  const { message, modal } = App.useApp();
  // A sub-account lists what its main account assigned it, with its own keys: it tests and calls
  // them, and the purchase itself (stopping, renewing, refunding, buying more) stays the main account's.
  const { user } = useUserCenter();
  const isSub = user.parentNickname !== '';
  const [callbackOf, setCallbackOf] = useState<PurchaseRow | null>(null);
  const [renewOf, setRenewOf] = useState<RenewTarget | null>(null);
  const [name, setName] = useState('');
  // The search kept in this session; null until it has been read, and the list waits for it.
  const [query, setQuery] = useState<string | null>(null);
  const list = usePagedList(billingApi.purchases, { fixed: { interfaceName: query ?? '' }, enabled: query !== null, quiet: true });
  const refund = useRefund(list.refetch);
  const summary = useCall(purchasesApi.buyData, undefined, { silent: true, quiet: true }).data?.data ?? null;

  useEffect(() => {
    const kept = window.sessionStorage.getItem(SEARCH_KEY) ?? '';
    setName(kept);
    setQuery(kept);
  }, []);

  // A change that answers a message: show it; the purchases and the figures above them load again.
  const changes = {
    invalidates: [billingApi.purchases, purchasesApi.buyData, purchasesApi.autoRenewList],
    onSuccess: (res: { msg: string }) => void message.success(res.msg),
  };
  const stopping = useCallMutation(purchasesApi.stop, changes);
  const renewing = useCallMutation(purchasesApi.disableAutoRenew, changes);

  const stopOrResume = (r: PurchaseRow) =>
    r.status === 'stopped'
      ? void stopping.mutateAsync({ id: r.id, action: 'resume' }).catch(() => undefined)
      : modal.confirm({
          title: `停用「${r.interfaceName}」？`,
          content: '停用后使用该 Key 的调用将返回 SYSTEM_003（不计费），可随时恢复。',
          okText: '停 用',
          cancelText: '取 消',
          okButtonProps: { danger: true },
          onOk: () => stopping.mutateAsync({ id: r.id, action: 'stop' }).catch(() => undefined),
        });

  const renewOff = (r: PurchaseRow) =>
    modal.confirm({
      title: `关闭「${r.interfaceName}」的自动续费？`,
      okText: '关 闭',
      cancelText: '取 消',
      onOk: () => renewing.mutateAsync({ id: r.id }).catch(() => undefined),
    });

  const search = (value: string) => {
    window.sessionStorage.setItem(SEARCH_KEY, value.trim());
    list.setPage(1);
    setQuery(value.trim());
  };

  const columns: TableColumnsType<PurchaseRow> = [
    {
      title: '接口',
      key: 'name',
      render: (_, r) => (
        <InterfaceCell id={r.interfaceId} name={r.interfaceName}>
          <div className={styles.path}>POST {r.path}</div>
        </InterfaceCell>
      ),
    },
    {
      title: '接口 Key',
      key: 'key',
      render: (_, r) => (
        <Typography.Text copyable={{ text: r.key, tooltips: ['复制 Key', '已复制'] }} className={styles.key} data-testid="purchase-key">
          {r.key}
        </Typography.Text>
      ),
    },
    {
      title: '剩余 / 总次数',
      key: 'calls',
      render: (_, r) => (
        <span data-testid="calls-left">
          <strong>{r.callsLeft.toLocaleString('zh-CN')}</strong> / {r.callsTotal.toLocaleString('zh-CN')}
        </span>
      ),
    },
    { title: '到期时间', key: 'expires', render: (_, r) => dateTime(r.expiresAt) },
    {
      title: '状态',
      key: 'state',
      render: (_, r) => {
        const s = state(r);
        return (
          <Space size={4} wrap>
            <Tag color={s.color} data-testid="purchase-state">
              {s.label}
            </Tag>
            {r.autoRenewPackageId !== null ? <Tag color={r.renewFailedAt ? 'error' : 'processing'}>{r.renewFailedAt ? '续费失败' : '自动续费'}</Tag> : null}
            {r.refundLabel ? (
              <Tag color={r.refundStatus === 'approved' ? 'default' : r.refundStatus === 'rejected' ? 'error' : 'warning'}>{r.refundLabel}</Tag>
            ) : null}
          </Space>
        );
      },
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, r) => (
        <Space size={0} wrap className={styles.actions}>
          <Link href={`/userCenter/dataManage/myAPI/apiTest?id=${r.id}`} className={styles.action}>
            在线测试
          </Link>
          <Link href={`/userCenter/dataManage/myAPI/applyBatch?id=${r.id}`} className={styles.action}>
            批量查询
          </Link>
          {isSub ? null : (
            <>
              <Button type="link" size="small" danger={r.status === 'active'} onClick={() => stopOrResume(r)}>
                {r.status === 'stopped' ? '恢复' : '停用'}
              </Button>
              <Button type="link" size="small" onClick={() => setCallbackOf(r)}>
                回调地址
              </Button>
              {r.autoRenewPackageId === null ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setRenewOf({ id: r.id, interfaceId: r.interfaceId, interfaceName: r.interfaceName, packageId: null })}
                >
                  自动续费
                </Button>
              ) : (
                <Button type="link" size="small" onClick={() => renewOff(r)}>
                  关闭续费
                </Button>
              )}
              <Button
                type="link"
                size="small"
                disabled={r.refundStatus === 'requested' || r.callsLeft <= 0}
                onClick={() =>
                  refund.ask({ kind: 'purchase', purchaseId: r.id, label: `「${r.interfaceName}」剩余 ${r.callsLeft.toLocaleString('zh-CN')} 次调用` })
                }
              >
                申请退款
              </Button>
              <Link href={`/api/${r.interfaceId}#packages`} className={styles.action}>
                续购套餐
              </Link>
              <Link href="/userCenter/whiteList" className={styles.action}>
                IP白名单
              </Link>
            </>
          )}
          <Link href="/userCenter/useHistory" className={styles.action}>
            调用记录
          </Link>
        </Space>
      ),
    },
  ];

  const figures: Array<[string, number | string]> = summary
    ? [
        ['已购接口', summary.interfaces],
        ['剩余调用（次）', summary.callsLeft.toLocaleString('zh-CN')],
        ['已用调用（次）', summary.callsUsed.toLocaleString('zh-CN')],
        ['7 天内到期', summary.expiringSoon],
        ['自动续费', summary.autoRenew],
      ]
    : [];

  return (
    <div className={panel.page}>
      {summary && summary.interfaces > 0 ? (
        <Card>
          <div className={styles.figures} data-testid="buy-data">
            {figures.map(([title, value]) => (
              <Statistic key={title} title={title} value={value} />
            ))}
          </div>
        </Card>
      ) : null}
      <Card
        title="我的API"
        extra={
          <Input.Search
            placeholder="按接口名称搜索"
            allowClear
            value={name}
            onChange={(e) => setName(e.target.value)}
            onSearch={search}
            className={styles.search}
            aria-label="按接口名称搜索"
          />
        }
      >
        <ListTable<PurchaseRow>
          rowKey="id"
          columns={columns}
          list={{ ...list, loading: query === null || list.loading }}
          failedText="已购接口暂时无法加载，请稍后刷新重试"
          scrollX={1100}
          empty={
            isSub ? (
              <Empty description={query ? '没有名称匹配的接口' : `主账号 ${user.parentNickname} 还没有为您分配接口：分配后，您自己的接口 Key 会出现在这里`} />
            ) : (
              <Empty description={query ? '没有名称匹配的已购接口' : '还没有已购接口：在 API 市场选择套餐，支付后接口 Key 会出现在这里'}>
                <MarketLink />
              </Empty>
            )
          }
        />
      </Card>
      <CallbackUrlDialog purchase={callbackOf} onClose={() => setCallbackOf(null)} onSaved={() => setCallbackOf(null)} />
      <AutoRenewDialog target={renewOf} onClose={() => setRenewOf(null)} onDone={() => setRenewOf(null)} />
      {refund.dialog}
    </div>
  );
}
