'use client';
import { DownloadOutlined } from '@ant-design/icons';
// Orders with filters (status, interface name, China dates) kept in the address; an unpaid order
// can be paid from the balance, paid online (issue #19: the shared QR dialog) or cancelled here, a
// paid one refunded (the operator decides);
// 导出 downloads the orders of the current filters as an xlsx file (myOrder/list with export=1).
import { billingApi, chinaDay, formatFen, ORDER_STATUS, ORDER_STATUS_LABEL, type OrderRow } from '@apimarket/contracts';
import { App, Button, DatePicker, Form, Input, Select, Space, type TableColumnsType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ListTable } from '@/components/user-center/ListTable';
import { useOnlinePay, usePaymentMethods } from '@/components/user-center/OnlinePayDialog';
import { PAYMENT_CHANGES } from '@/components/user-center/payment-calls';
import { useRefund } from '@/components/user-center/RefundDialog';
import { request } from '@/lib/api/client';
import { toastFailure, useCallMutation, usePagedList } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import { dateTime } from '@/lib/format';

const COLOR = { unpaid: 'warning', paid: 'success', cancelled: 'default' } as const;
const REFUND_COLOR = { requested: 'processing', approved: 'default', rejected: 'error' } as const;

interface FormValues {
  status?: string;
  interfaceName?: string;
  range?: [Dayjs, Dayjs] | null;
}

const FILTERS = { status: '', interfaceName: '', startDate: '', endDate: '' };

export function OrdersTab() {
  const { message, modal } = App.useApp();
  // A failed load shows the empty table, as before: the request client has told of a network failure.
  const list = usePagedList(billingApi.orders, { inUrl: true, filters: FILTERS, quiet: true });
  const refund = useRefund(list.refetch);
  const online = useOnlinePay();
  const { methods } = usePaymentMethods();
  const { filters } = list;
  const [exporting, setExporting] = useState(false);

  // Paying changes the order, the balance above the tabs and the purchases; cancelling the order.
  const changes = { invalidates: PAYMENT_CHANGES, onSuccess: (res: { msg: string }) => void message.success(res.msg) };
  const payment = useCallMutation(billingApi.pay, changes);
  const cancelling = useCallMutation(billingApi.cancelOrder, changes);

  const exportOrders = async () => {
    setExporting(true);
    try {
      // The whole filter, not a page: the paging fields are there for the schema and ignored.
      const file = await request(billingApi.orders, { ...filters, export: '1', pageNum: 1, pageSize: list.pagination.pageSize });
      if (file instanceof Blob) saveBlob(file, `我的订单-${chinaDay().replaceAll('-', '')}.xlsx`);
    } catch (err) {
      toastFailure(err);
    } finally {
      setExporting(false);
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
            <Button type="link" size="small" onClick={() => void payment.mutateAsync({ orderNo: r.orderNo }).catch(() => undefined)}>
              余额支付
            </Button>
            {methods.length > 0 ? (
              <Button type="link" size="small" onClick={() => online.pay({ kind: 'order', orderNo: r.orderNo, amountFen: r.priceFen })}>
                在线支付 ¥{formatFen(r.priceFen)}
              </Button>
            ) : null}
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: '取消这个订单？',
                  okText: '取消订单',
                  cancelText: '再想想',
                  onOk: () => cancelling.mutateAsync({ orderNo: r.orderNo }).catch(() => undefined),
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
            onClick={() =>
              refund.ask({ kind: 'order', orderNo: r.orderNo, label: `订单 ${r.orderNo}（${r.interfaceName}，${r.calls.toLocaleString('zh-CN')} 次）` })
            }
          >
            申请退款
          </Button>
        ) : null,
    },
  ];

  const initial: FormValues = {
    status: filters.status || undefined,
    interfaceName: filters.interfaceName,
    range: filters.startDate && filters.endDate ? [dayjs(filters.startDate), dayjs(filters.endDate)] : null,
  };

  return (
    <>
      <Form
        layout="inline"
        initialValues={initial}
        onFinish={(v: FormValues) =>
          list.setFilters({
            status: v.status ?? '',
            interfaceName: v.interfaceName?.trim() ?? '',
            startDate: v.range?.[0]?.format('YYYY-MM-DD') ?? '',
            endDate: v.range?.[1]?.format('YYYY-MM-DD') ?? '',
          })
        }
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
      <ListTable<OrderRow> rowKey="orderNo" columns={columns} list={list} scrollX={960} scrollWhenEmpty empty="没有符合条件的订单" />
      {refund.dialog}
      {online.dialog}
    </>
  );
}
