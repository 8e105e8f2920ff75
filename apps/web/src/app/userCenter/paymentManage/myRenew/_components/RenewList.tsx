'use client';
// 自动续费: each purchase with its renewal setting (myBuy/getAutomaticBuy). A purchase renews from
// the balance when its calls run out or it expires; a renewal the balance could not pay shows
// 续费失败 until a renewal succeeds (the customer was told once by message).
import { type AutoRenewRow, billingApi, formatFen, purchasesApi } from '@apimarket/contracts';
import { Alert, App, Button, Card, Empty, Space, type TableColumnsType, Tag } from 'antd';
import Link from 'next/link';
import { useState } from 'react';
import { AutoRenewDialog, type RenewTarget } from '@/components/user-center/AutoRenewDialog';
import { ListTable, MarketLink } from '@/components/user-center/ListTable';
import { useCallMutation, usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';

export function RenewList() {
  const { message, modal } = App.useApp();
  const list = usePagedList(purchasesApi.autoRenewList, { quiet: true });
  const [renewOf, setRenewOf] = useState<RenewTarget | null>(null);
  const turningOff = useCallMutation(purchasesApi.disableAutoRenew, {
    invalidates: [purchasesApi.autoRenewList, billingApi.purchases, purchasesApi.buyData],
    onSuccess: (res) => void message.success(res.msg),
  });

  const turnOff = (r: AutoRenewRow) =>
    modal.confirm({
      title: `关闭「${r.interfaceName}」的自动续费？`,
      content: '关闭后调用次数用完或到期时不再自动购买套餐。',
      okText: '关 闭',
      cancelText: '取 消',
      onOk: () => turningOff.mutateAsync({ id: r.id }).catch(() => undefined),
    });

  const columns: TableColumnsType<AutoRenewRow> = [
    { title: '接口', key: 'name', render: (_, r) => <Link href={`/api/${r.interfaceId}`}>{r.interfaceName}</Link> },
    { title: '剩余次数', key: 'left', render: (_, r) => r.callsLeft.toLocaleString('zh-CN') },
    { title: '到期时间', key: 'expires', render: (_, r) => dateTime(r.expiresAt) },
    {
      title: '续费套餐',
      key: 'package',
      render: (_, r) =>
        r.autoRenew && r.packageCalls !== null && r.packagePriceFen !== null
          ? `${r.packageCalls.toLocaleString('zh-CN')} 次 / ${r.packageValidityDays ?? '—'} 天 · ¥${formatFen(r.packagePriceFen)}`
          : '—',
    },
    {
      title: '状态',
      key: 'state',
      render: (_, r) => (
        <Space size={4} wrap>
          {!r.autoRenew ? (
            <Tag>未开启</Tag>
          ) : r.renewFailedAt ? (
            <Tag color="error" title={`失败时间 ${dateTime(r.renewFailedAt)}`}>
              续费失败
            </Tag>
          ) : (
            <Tag color="processing">已开启</Tag>
          )}
          {r.status === 'stopped' ? <Tag>接口已停用</Tag> : null}
          {r.renewals > 0 ? <span>已续费 {r.renewals} 次</span> : null}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            onClick={() =>
              setRenewOf({ id: r.id, interfaceId: r.interfaceId, interfaceName: r.interfaceName, packageId: r.packageId, lastPackageId: r.lastPackageId })
            }
          >
            {r.autoRenew ? '更换套餐' : '开启续费'}
          </Button>
          {r.autoRenew ? (
            <Button type="link" size="small" onClick={() => turnOff(r)}>
              关闭续费
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  const anyFailed = list.rows.some((r) => r.autoRenew && r.renewFailedAt);

  return (
    <Card title="自动续费">
      <Alert
        type="info"
        showIcon
        title="开启后，接口调用次数用完或到期时，平台自动从账户余额购买所选套餐并生成已支付订单"
        description="已停用的接口不会自动续费；余额不足时不续费，只发送一次站内信提醒，充值到账后自动重试。"
        style={{ marginBottom: 16 }}
      />
      {anyFailed ? (
        <Alert
          type="warning"
          showIcon
          title="有接口因账户余额不足未能自动续费"
          action={
            <Link href="/userCenter/paymentManage/myOrder?tab=recharge">
              <Button size="small">去充值</Button>
            </Link>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <ListTable<AutoRenewRow>
        rowKey="id"
        columns={columns}
        list={list}
        failedText="自动续费设置暂时无法加载，请稍后刷新重试"
        scrollX={900}
        empty={
          <Empty description="还没有已购接口：购买套餐后可在这里为接口开启自动续费">
            <MarketLink />
          </Empty>
        }
      />
      <AutoRenewDialog target={renewOf} onClose={() => setRenewOf(null)} onDone={() => setRenewOf(null)} />
    </Card>
  );
}
