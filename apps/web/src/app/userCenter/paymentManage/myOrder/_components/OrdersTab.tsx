'use client';
// Orders with filters (status, interface name, China dates); an unpaid order can be paid from
// the balance or cancelled here, a paid one refunded (the operator decides); 导出 downloads the
// orders of the current filters as an xlsx file (myOrder/list with export=1).
import { formatFen, ORDER_STATUS, ORDER_STATUS_LABEL, type OrderRow } from '@apimarket/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Form, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { RefundDialog, type RefundTarget } from '../../../../../components/user-center/RefundDialog';
import { request } from '../../../../../lib/api/client';
import { serverMessage } from '../../../../../lib/api/errors';
import { dateTime } from '../../../../../lib/format';

const PAGE_SIZE = 10;
const COLOR = { unpaid: 'warning', paid: 'success', cancelled: 'default' } as const;
const REFUND_COLOR = { requested: 'processing', approved: 'default', rejected: 'error' } as const;

/** Save a file answer under a name, as a download. */
function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const chinaDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).replaceAll('-', '');

interface Filters {
  status?: string;
  interfaceName?: string;
  range?: [Dayjs, Dayjs] | null;
}

export function OrdersTab({ onPaid }: { onPaid: () => Promise<void> }) {
  const { message, modal } = App.useApp();
  const [filters, setFilters] = useState<Filters>({});
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<{ rows: OrderRow[]; total: number } | null>(null);
  const [refundOf, setRefundOf] = useState<RefundTarget | null>(null);
  const [exporting, setExporting] = useState(false);

  const filterFields = useCallback(
    () => ({
      status: filters.status ?? '',
      interfaceName: filters.interfaceName ?? '',
      startDate: filters.range?.[0]?.format('YYYY-MM-DD') ?? '',
      endDate: filters.range?.[1]?.format('YYYY-MM-DD') ?? '',
    }),
    [filters],
  );

  const load = useCallback(async () => {
    try {
      const res = await request<{ rows: OrderRow[]; total: number }>('myOrder/list', {
        data: { pageNum, pageSize: PAGE_SIZE, ...filterFields() },
      });
      setPage({ rows: res.rows, total: res.total });
    } catch {
      setPage({ rows: [], total: 0 });
    }
  }, [filterFields, pageNum]);

  const exportOrders = async () => {
    setExporting(true);
    try {
      const file = await request<Blob>('myOrder/list', { data: { ...filterFields(), export: 1 } });
      download(file, `我的订单-${chinaDay()}.xlsx`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setExporting(false);
    }
  };

  useEffect(() => {
    void load();
  }, [load]);

  const act = async (path: string, orderNo: string) => {
    try {
      const res = await request<{ msg: string }>(path, { data: { orderNo } });
      message.success(res.msg);
      await load();
      await onPaid();
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    }
  };

  const columns: TableColumnsType<OrderRow> = [
    { title: '订单号', dataIndex: 'orderNo', key: 'orderNo' },
    { title: '接口', dataIndex: 'interfaceName', key: 'interfaceName' },
    { title: '套餐', key: 'pkg', render: (_, r) => `${r.calls.toLocaleString('zh-CN')} 次 / ${r.validityDays} 天` },
    { title: '金额（元）', key: 'price', render: (_, r) => formatFen(r.priceFen) },
    {
      title: '状态',
      key: 'status',
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={COLOR[r.status]}>{r.statusLabel}</Tag>
          {r.refundStatus ? (
            <Tag color={REFUND_COLOR[r.refundStatus]} data-testid="order-refund-state">
              {r.refundLabel}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    { title: '下单时间', key: 'createdAt', render: (_, r) => dateTime(r.createdAt) },
    {
      title: '操作',
      key: 'actions',
      render: (_, r) =>
        r.status === 'unpaid' ? (
          <Space>
            <Button type="link" size="small" onClick={() => void act('UserCenter/payment', r.orderNo)}>
              余额支付
            </Button>
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: '取消这个订单？',
                  okText: '取消订单',
                  cancelText: '再想想',
                  onOk: () => act('interfaceOrders/clearOrder', r.orderNo),
                })
              }
            >
              取消
            </Button>
          </Space>
        ) : r.status === 'paid' && r.refundStatus !== 'requested' && r.refundStatus !== 'approved' ? (
          <Button
            type="link"
            size="small"
            onClick={() => setRefundOf({ kind: 'order', orderNo: r.orderNo, label: `订单 ${r.orderNo}（${r.interfaceName}，${r.calls.toLocaleString('zh-CN')} 次）` })}
          >
            申请退款
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <Form
        layout="inline"
        onFinish={(v: Filters) => {
          setPageNum(1);
          setFilters(v);
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" style={{ width: 120 }} options={ORDER_STATUS.map((s) => ({ value: s, label: ORDER_STATUS_LABEL[s] }))} />
        </Form.Item>
        <Form.Item name="interfaceName" label="接口">
          <Input allowClear placeholder="接口名称" maxLength={50} />
        </Form.Item>
        <Form.Item name="range" label="下单日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查 询
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportOrders()}>
            导 出
          </Button>
        </Space>
      </Form>
      <Table<OrderRow>
        rowKey="orderNo"
        columns={columns}
        dataSource={page?.rows ?? []}
        loading={!page}
        scroll={{ x: 960 }}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNum, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: '没有符合条件的订单' }}
      />
      <RefundDialog
        target={refundOf}
        onClose={() => setRefundOf(null)}
        onDone={() => {
          setRefundOf(null);
          void load();
        }}
      />
    </>
  );
}
