'use client';
// One company's money: its balance, the ledger its members read (newest first, with the balance
// after each row), 导出 Excel (audited on the server) and 调账 — an amount, a direction and a
// reason, sent with an id drawn when the dialog opens so a double submission books once.
import { DownloadOutlined } from '@ant-design/icons';
import {
  ADJUST_DIRECTION_LABEL,
  ADJUST_DIRECTIONS,
  ADJUST_LIMITS,
  type AccountRow,
  AccountAdjustInput,
  chinaDay,
  consoleAccountsApi,
  formatFen,
  type LedgerRow,
} from '@apimarket/contracts';
import { App, Button, Drawer, Form, Grid, Input, Radio, Space, Statistic, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FormDialog } from '@/components/console/FormDialog';
import list from '@/components/console/list.module.css';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { toastFailure, useCallMutation, usePagedList } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import { zodRule } from '@/lib/form-rules';
import { dateTime } from '@/lib/format';

type AdjustValues = { direction: (typeof ADJUST_DIRECTIONS)[number]; amount: string; reason: string };

const COLUMNS: TableColumnsType<LedgerRow> = [
  { title: '时间', key: 'at', width: 170, render: (_, r) => dateTime(r.createdAt) },
  { title: '类型', dataIndex: 'kindLabel', key: 'kind', width: 110 },
  { title: '关联单号 / 说明', key: 'note', render: (_, r) => (r.orderNo ? `${r.orderNo} · ${r.note}` : r.note) },
  { title: '金额（元）', key: 'amount', align: 'right', width: 130, render: (_, r) => `${r.amountFen > 0 ? '+' : ''}${formatFen(r.amountFen)}` },
  { title: '余额（元）', key: 'after', align: 'right', width: 130, render: (_, r) => formatFen(r.balanceAfterFen) },
];

export function AccountDrawer({ account, onClose }: { account: AccountRow | null; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={account !== null}
      onClose={onClose}
      size={screens.sm === false ? '100%' : 900}
      title={account ? `账户资金 · ${account.loginName}` : ''}
      destroyOnHidden
    >
      {account ? <AccountMoney account={account} /> : null}
    </Drawer>
  );
}

function AccountMoney({ account }: { account: AccountRow }) {
  const { message } = App.useApp();
  const ledger = usePagedList(consoleAccountsApi.ledger, { quiet: true, pageSize: 20, fixed: { memberId: account.id } });
  const [adjusting, setAdjusting] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const balance = ledger.rows[0]?.balanceAfterFen ?? account.balanceFen;
  const adjust = useCallMutation(consoleAccountsApi.adjust, {
    quiet: true,
    invalidates: [consoleAccountsApi.ledger, consoleAccountsApi.list],
    onSuccess: (res) => {
      message.success(res.msg);
      setAdjusting(null);
    },
  });

  const exportLedger = async () => {
    setExporting(true);
    try {
      const file = await request(consoleAccountsApi.ledger, { memberId: account.id, export: '1', pageNum: 1, pageSize: 20 });
      if (file instanceof Blob) saveBlob(file, `账户流水-${account.loginName}-${chinaDay().replaceAll('-', '')}.xlsx`);
    } catch (err) {
      toastFailure(err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={list.stack}>
      <Space wrap align="end" size="large">
        <Statistic title="账户余额（元）" value={formatFen(balance)} />
        <Button type="primary" onClick={() => setAdjusting(crypto.randomUUID())}>
          调 账
        </Button>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportLedger()}>
          导出 Excel
        </Button>
      </Space>
      {ledger.error ? <p role="alert">{serverMessage(ledger.error) ?? '账户流水加载失败，请稍后再试'}</p> : null}
      <Table<LedgerRow>
        rowKey="id"
        size="small"
        loading={ledger.fetching}
        columns={COLUMNS}
        dataSource={ledger.rows}
        pagination={ledger.pagination}
        scroll={ledger.rows.length ? { x: 760 } : undefined}
        locale={{ emptyText: '该账户还没有资金变动' }}
      />
      <FormDialog<AdjustValues>
        open={adjusting !== null}
        title="调账"
        okText="确认调账"
        intro={`调账直接改变 ${account.loginName} 的账户余额，记入其账户流水（平台调账）与操作日志，并通知客户。调减不能超过当前余额 ${formatFen(balance)} 元。`}
        onCancel={() => setAdjusting(null)}
        onSubmit={async (values) => {
          try {
            await adjust.mutateAsync({ memberId: account.id, requestId: adjusting ?? '', ...values });
          } catch (err) {
            message.error(serverMessage(err) ?? '调账失败，请稍后再试');
            throw err;
          }
        }}
      >
        <Form.Item name="direction" label="方向" initialValue="credit" rules={[{ required: true, message: '请选择调增或调减' }]}>
          <Radio.Group options={ADJUST_DIRECTIONS.map((d) => ({ value: d, label: ADJUST_DIRECTION_LABEL[d] }))} />
        </Form.Item>
        <Form.Item name="amount" label="金额（元）" rules={[zodRule(AccountAdjustInput.shape.amount)]}>
          <Input inputMode="decimal" placeholder="例如 88.80" maxLength={12} />
        </Form.Item>
        <Form.Item name="reason" label="原因（客户可见）" rules={[zodRule(AccountAdjustInput.shape.reason)]}>
          <Input.TextArea rows={3} maxLength={ADJUST_LIMITS.reasonMax} showCount placeholder="例如：线下活动返还、多退款项收回（附工单号）" />
        </Form.Item>
      </FormDialog>
    </div>
  );
}
