'use client';
// 购买接口: search the interfaces on sale (api/interface/search by name and category), choose one,
// choose a package (api/getInterfacePackageList), order it (interfaceOrders/saveInterfaceOrders)
// and pay from the balance (UserCenter/payment). When the balance is short the page shows where
// to transfer to (mytrade/recharge/account) and links to the recharge tab; the order stays
// payable in 我的订单. An interface marked for a trial offers its free calls here too.
import { billingApi, catalogApi, formatFen, type OrderRow, purchasesApi, SUPPORT_HOTLINE, trialApi } from '@apimarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Input,
  Radio,
  Result,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { TrialButton } from '@/components/catalog/TrialButton';
import { BankAccountView } from '@/components/user-center/BankAccountView';
import panel from '@/components/user-center/panel.module.css';
import { useOnlinePay, usePaymentMethods } from '@/components/user-center/OnlinePayDialog';
import { PAYMENT_CHANGES } from '@/components/user-center/payment-calls';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { callKey, useCall } from '@/lib/api/query';
import { formatPrice, unitPrice } from '@/lib/catalog';
import styles from './purchase.module.css';

const PAGE_SIZE = 10;
const HERE = '/userCenter/dataManage/myAPI/purchase';
const RECHARGE = '/userCenter/paymentManage/myOrder?tab=recharge';
const MY_API = '/userCenter/dataManage/myAPI';

export interface Chosen {
  id: number;
  interfaceName: string;
  categoryName: string;
  summary: string;
  trialCalls: number;
}

interface Row extends Chosen {
  priceFrom: number | null;
  enterpriseOnly: boolean;
}

type Step = { kind: 'choose' } | { kind: 'confirm'; order: OrderRow } | { kind: 'paid'; order: OrderRow };

export function PurchaseFlow({ categories, initial }: { categories: Array<{ id: number; categoryName: string }>; initial: Chosen | null }) {
  const balance = useCall(billingApi.balance, undefined, { silent: true, quiet: true });
  const trial = useCall(trialApi.state, {}, { silent: true, quiet: true });
  const balanceFen = balance.isError ? null : (balance.data?.data.balanceFen ?? null);
  const quota = trial.isError ? null : (trial.data?.data.quotaLeft ?? null);
  const [chosen, setChosen] = useState<Chosen | null>(initial);
  // An order, a payment or a trial changes the balance, the quota and the purchases: read again
  // here, and on whichever screen comes next.
  const client = useQueryClient();
  const changed = () => {
    for (const call of PAYMENT_CHANGES) void client.invalidateQueries({ queryKey: callKey(call) });
  };

  const choose = (c: Chosen | null) => {
    setChosen(c);
    window.history.replaceState(null, '', c ? `${HERE}?interfaceId=${c.id}` : HERE);
  };

  return (
    <div className={panel.page}>
      <Card>
        <div className={styles.figures}>
          <Statistic
            title="账户余额（元）"
            value={balanceFen === null ? '—' : formatFen(balanceFen)}
            valueRender={(node) => <span data-testid="balance">{node}</span>}
          />
          <Statistic title="免费测试剩余（次）" value={quota ?? '—'} valueRender={(node) => <span data-testid="trial-quota">{node}</span>} />
          <Space wrap className={styles.figureLinks}>
            <Link href={RECHARGE}>
              <Button>去充值</Button>
            </Link>
            <Link href={MY_API}>
              <Button>我的API</Button>
            </Link>
          </Space>
        </div>
      </Card>
      {chosen ? (
        <ChosenInterface key={chosen.id} chosen={chosen} balanceFen={balanceFen} onBack={() => choose(null)} onPaid={changed} onTrial={changed} />
      ) : (
        <InterfaceSearch categories={categories} onChoose={choose} />
      )}
    </div>
  );
}

// ── Step 1: find the interface ───────────────────────────────────────────────────────────────
function InterfaceSearch({ categories, onChoose }: { categories: Array<{ id: number; categoryName: string }>; onChoose: (c: Chosen) => void }) {
  const [name, setName] = useState('');
  const [filter, setFilter] = useState<{ interfaceName: string; categoryId: number | null }>({ interfaceName: '', categoryId: null });
  const [pageNum, setPageNum] = useState(1);
  const found = useCall(
    catalogApi.search,
    { pageNum, pageSize: PAGE_SIZE, interfaceName: filter.interfaceName || undefined, categoryId: filter.categoryId ?? undefined },
    { quiet: true },
  );
  const page = found.data ?? null;
  const loading = found.isFetching;
  const failed = found.isError;

  const columns: TableColumnsType<Row> = [
    {
      title: '接口',
      key: 'name',
      render: (_, r) => (
        <div>
          <Link href={`/api/${r.id}`} target="_blank">
            {r.interfaceName}
          </Link>
          <div className={styles.summary}>{r.summary}</div>
        </div>
      ),
    },
    { title: '分类', dataIndex: 'categoryName', key: 'category', width: 120 },
    { title: '价格', key: 'price', width: 140, render: (_, r) => (r.priceFrom === null ? '按需报价' : `${formatPrice(r.priceFrom)} 起`) },
    {
      title: '免费试用',
      key: 'trial',
      width: 110,
      render: (_, r) => (r.trialCalls > 0 ? <Tag color="success">{r.trialCalls} 次</Tag> : <span className={styles.muted}>—</span>),
    },
    {
      title: '操作',
      key: 'action',
      width: 90,
      render: (_, r) => (
        <Button
          type="primary"
          size="small"
          onClick={() => onChoose({ id: r.id, interfaceName: r.interfaceName, categoryName: r.categoryName, summary: r.summary, trialCalls: r.trialCalls })}
        >
          选 择
        </Button>
      ),
    },
  ];

  const search = (next: Partial<typeof filter>) => {
    setPageNum(1);
    setFilter((f) => ({ ...f, ...next }));
  };

  return (
    <Card
      title="选择接口"
      extra={
        <Space wrap>
          <Select<number>
            allowClear
            placeholder="全部分类"
            aria-label="接口分类"
            className={styles.category}
            value={filter.categoryId ?? undefined}
            onChange={(v) => search({ categoryId: v ?? null })}
            options={categories.map((c) => ({ value: c.id, label: c.categoryName }))}
          />
          <Input.Search
            placeholder="按接口名称搜索"
            aria-label="按接口名称搜索"
            allowClear
            value={name}
            onChange={(e) => setName(e.target.value)}
            onSearch={(v) => search({ interfaceName: v.trim() })}
            className={styles.search}
          />
        </Space>
      }
    >
      {failed && !loading ? (
        <Alert
          type="error"
          showIcon
          title="接口列表暂时无法加载"
          description="请检查网络后重试；如持续出现，请联系客服。"
          action={
            <Button size="small" onClick={() => void found.refetch()}>
              重 试
            </Button>
          }
        />
      ) : (
        <Table<Row>
          rowKey="id"
          columns={columns}
          dataSource={page?.rows ?? []}
          loading={loading}
          scroll={page?.rows?.length ? { x: 720 } : undefined}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNum, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{
            emptyText: (
              <Empty description={filter.interfaceName || filter.categoryId !== null ? '没有符合条件的在售接口，换个名称或分类试试' : '暂无在售接口'} />
            ),
          }}
        />
      )}
    </Card>
  );
}

// ── Step 2: package, order, payment ──────────────────────────────────────────────────────────
function ChosenInterface({
  chosen,
  balanceFen,
  onBack,
  onPaid,
  onTrial,
}: {
  chosen: Chosen;
  balanceFen: number | null;
  onBack: () => void;
  onPaid: () => void;
  onTrial: () => void;
}) {
  const { message } = App.useApp();
  const router = useRouter();
  const loaded = useCall(purchasesApi.packages, { interfaceId: chosen.id }, { quiet: true });
  const packages = loaded.data?.rows ?? null;
  const packagesFailed = loaded.isError && !loaded.isFetching;
  const [picked, setPicked] = useState<number | null>(null);
  // The first package until one is picked.
  const packageId = picked ?? packages?.[0]?.id ?? null;
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState('');

  /** One step of the purchase, the buttons busy meanwhile; a refusal is shown above them. */
  const run = async (action: () => Promise<void>, afterRefusal?: () => void) => {
    setBusy(true);
    setRefused('');
    try {
      await action();
    } catch (err) {
      setRefused(serverMessage(err) ?? '');
      afterRefusal?.();
    } finally {
      setBusy(false);
    }
  };

  const order = async () => {
    if (packageId === null) return;
    await run(async () => {
      const res = await request(billingApi.createOrder, { interfaceId: chosen.id, packageId });
      setStep({ kind: 'confirm', order: res.data });
      onPaid(); // the balance shown is read again before paying
    });
  };

  const pay = (o: OrderRow) =>
    run(async () => {
      const res = await request(billingApi.pay, { orderNo: o.orderNo });
      message.success(res.msg);
      setStep({ kind: 'paid', order: o });
      onPaid();
      // The layout read what the purchases open (the truck model screens) on the server: again now.
      router.refresh();
    }, onPaid);

  const cancel = (o: OrderRow) =>
    run(async () => {
      const res = await request(billingApi.cancelOrder, { orderNo: o.orderNo });
      message.success(res.msg);
      setStep({ kind: 'choose' });
    });

  // 在线支付 of the order when the balance is short (issue #19): paid, the page shows it as paid.
  const online = useOnlinePay(() => {
    if (step.kind === 'confirm') setStep({ kind: 'paid', order: step.order });
    onPaid();
    router.refresh();
  });

  const refusal = refused ? <Alert type="error" showIcon title={refused} className={styles.gap} /> : null;

  return (
    <Card
      title={
        <span>
          {chosen.interfaceName}
          <Typography.Text type="secondary" className={styles.titleNote}>
            {chosen.categoryName}
          </Typography.Text>
        </span>
      }
      extra={
        step.kind === 'paid' ? null : (
          <Button type="link" onClick={onBack} disabled={busy}>
            重新选择接口
          </Button>
        )
      }
    >
      {chosen.summary ? <p className={styles.muted}>{chosen.summary}</p> : null}

      {step.kind === 'paid' ? (
        <Result
          status="success"
          title={`支付成功，「${step.order.interfaceName}」已开通 ${step.order.calls.toLocaleString('zh-CN')} 次调用`}
          subTitle="接口 Key 在「我的API」中查看，用它从您的系统调用本接口。"
          extra={[
            <Link key="my" href={MY_API}>
              <Button type="primary">前往我的API</Button>
            </Link>,
            <Button key="more" onClick={onBack}>
              继续购买
            </Button>,
          ]}
        />
      ) : step.kind === 'confirm' ? (
        <Confirm
          order={step.order}
          balanceFen={balanceFen}
          busy={busy}
          onPay={() => void pay(step.order)}
          onPayOnline={() => online.pay({ kind: 'order', orderNo: step.order.orderNo, amountFen: step.order.priceFen })}
          onCancel={() => void cancel(step.order)}
        />
      ) : packagesFailed ? (
        <Alert
          type="error"
          showIcon
          title="套餐暂时无法加载"
          action={
            <Button size="small" onClick={() => void loaded.refetch()}>
              重 试
            </Button>
          }
        />
      ) : packages === null ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : packages.length === 0 ? (
        <Empty description={`该接口按需报价，请致电 ${SUPPORT_HOTLINE}`} />
      ) : (
        <>
          <h3 className={styles.subtitle}>选择套餐</h3>
          <Radio.Group value={packageId} onChange={(e) => setPicked(Number(e.target.value))} className={styles.packages} aria-label="选择套餐">
            {packages.map((p) => (
              <Radio key={p.id} value={p.id} className={styles.package}>
                <span className={styles.calls}>{p.calls.toLocaleString('zh-CN')} 次</span>
                <span className={styles.price}>{formatPrice(p.priceFen)}</span>
                <span className={styles.muted}>
                  {unitPrice(p)} · 有效期 {p.validityDays} 天
                </span>
              </Radio>
            ))}
          </Radio.Group>
          <Button type="primary" size="large" loading={busy} disabled={packageId === null} onClick={() => void order()} className={styles.gap}>
            下 单
          </Button>
        </>
      )}
      {refusal}

      {chosen.trialCalls > 0 && step.kind !== 'paid' ? (
        <div className={styles.trial}>
          <h3 className={styles.subtitle}>先试一试</h3>
          <TrialButton interfaceId={chosen.id} calls={chosen.trialCalls} redirect={`${HERE}?interfaceId=${chosen.id}`} onGranted={onTrial} />
        </div>
      ) : null}
      {online.dialog}
    </Card>
  );
}

function Confirm({
  order,
  balanceFen,
  busy,
  onPay,
  onPayOnline,
  onCancel,
}: {
  order: OrderRow;
  balanceFen: number | null;
  busy: boolean;
  onPay: () => void;
  onPayOnline: () => void;
  onCancel: () => void;
}) {
  const short = balanceFen !== null && balanceFen < order.priceFen;
  const { methods } = usePaymentMethods();
  const online = methods.length > 0;
  return (
    <div data-testid="purchase-confirm">
      <Descriptions
        bordered
        column={1}
        size="small"
        items={[
          { key: 'no', label: '订单号', children: order.orderNo },
          { key: 'pkg', label: '套餐', children: `${order.calls.toLocaleString('zh-CN')} 次 · 有效期 ${order.validityDays} 天` },
          { key: 'price', label: '应付金额', children: <strong className={styles.price}>¥{formatFen(order.priceFen)}</strong> },
          { key: 'balance', label: '账户余额', children: balanceFen === null ? '—' : `¥${formatFen(balanceFen)}` },
        ]}
      />
      {short ? (
        <>
          <Alert
            type="warning"
            showIcon
            className={styles.gap}
            title="账户余额不足"
            description={
              online
                ? '可直接在线支付本订单；也可通过对公转账充值，平台核实到账后在「我的订单」中继续支付。'
                : '请先通过对公转账充值，平台核实到账后即可在「我的订单」中继续支付本订单。'
            }
          />
          {online ? null : <RechargeHow />}
          <Space wrap className={styles.gap}>
            {online ? (
              <Button type="primary" size="large" onClick={onPayOnline} disabled={busy}>
                在线支付 ¥{formatFen(order.priceFen)}
              </Button>
            ) : null}
            <Link href={RECHARGE}>
              <Button type={online ? 'default' : 'primary'}>去充值</Button>
            </Link>
            <Button onClick={onCancel} loading={busy}>
              取消订单
            </Button>
          </Space>
        </>
      ) : (
        <Space wrap className={styles.gap}>
          <Button type="primary" size="large" loading={busy} disabled={balanceFen === null} onClick={onPay}>
            确认支付
          </Button>
          <Button onClick={onCancel} disabled={busy}>
            取消订单
          </Button>
        </Space>
      )}
    </div>
  );
}

/**
 * Where to transfer to, as the recharge tab shows it: the configured account; the example account
 * of a demo start, marked so nobody transfers to it; or, with none (or none readable), whom to call.
 */
function RechargeHow() {
  const loaded = useCall(billingApi.rechargeAccount, undefined, { silent: true, quiet: true });
  const account = loaded.data?.data ?? null;
  if (!account && !loaded.isError) return <Skeleton active paragraph={{ rows: 2 }} className={styles.gap} />;
  if (!account?.open) {
    return (
      <Alert
        type="warning"
        showIcon
        className={styles.gap}
        title={account ? '平台收款账户尚未配置，暂不能在线提交充值申请' : '收款账户暂时无法加载，在看到收款账户前请勿转账'}
        description={`如需充值，请致电 ${SUPPORT_HOTLINE}，由客服为您办理。`}
        data-testid="recharge-closed"
      />
    );
  }
  return (
    <div className={styles.gap}>
      <BankAccountView account={account} title="对公转账收款账户" />
      <p className={`${styles.muted} ${styles.after}`}>请使用已认证企业的对公账户转账，转账备注填写您的登录账号；转账后在「我的订单 · 充值」提交充值申请。</p>
    </div>
  );
}
