'use client';
// 合规审计申请: requests from /dataApi/audit, worked by sales like leads — a list with masked
// phones, a drawer with the full number (audited) and the request, and its state.
import {
  AUDIT_REQUEST_STATE_LABEL,
  AUDIT_REQUEST_STATES,
  type AuditRequestRow,
  type AuditRequestState,
  consoleAuditRequestsApi,
  LEAD_KEYWORD_MAX,
} from '@apimarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Grid,
  Input,
  Select,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import shared from '@/components/console/console.module.css';
import { serverMessage } from '@/lib/api/errors';
import { callKey, useCall, useCallMutation, usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { AUDIT_STATE_COLOR } from './lead-ui';
import styles from './leads.module.css';

interface Filters {
  state?: AuditRequestState;
  keyword?: string;
  range?: [Dayjs, Dayjs] | null;
}

const PAGE_SIZE = 20;
const NO_FILTERS = { state: '', keyword: '', from: '', to: '' };

export function AuditRequests() {
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const client = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const list = usePagedList(consoleAuditRequestsApi.list, { inUrl: true, quiet: true, pageSize: PAGE_SIZE, filters: NO_FILTERS });
  const error = list.error ? (serverMessage(list.error) ?? '合规审计申请加载失败，请稍后再试') : null;
  const [openId, setOpenId] = useState<number | null>(null);
  const detailInput = { id: openId ?? 0 };
  const loaded = useCall(consoleAuditRequestsApi.detail, detailInput, { enabled: openId !== null, quiet: true });
  const detail = (openId !== null && loaded.data?.data) || null;
  const detailError = openId !== null && loaded.error ? (serverMessage(loaded.error) ?? '申请详情加载失败，请稍后再试') : null;
  const stateChange = useCallMutation(consoleAuditRequestsApi.state, { quiet: true, invalidates: [consoleAuditRequestsApi.list] });
  const busy = stateChange.isPending;

  const setState = async (state: AuditRequestState) => {
    if (openId === null) return;
    try {
      const res = await stateChange.mutateAsync({ id: openId, state });
      if (res.data.changed) void message.success(res.msg);
      else void message.info(res.msg);
      // The drawer shows the new state without reading the request (and its full phone) again.
      if (loaded.data)
        client.setQueryData(callKey(consoleAuditRequestsApi.detail, detailInput), {
          ...loaded.data,
          data: { ...loaded.data.data, state, stateLabel: AUDIT_REQUEST_STATE_LABEL[state] },
        });
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) void message.error(msg);
    }
  };

  const columns: TableColumnsType<AuditRequestRow> = [
    { title: '提交时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
    { title: '公司', dataIndex: 'companyName', width: 200 },
    {
      title: '联系人',
      key: 'who',
      width: 140,
      render: (_, r) => (
        <div>
          <div>{r.contactName}</div>
          <div className={shared.sub}>{r.phone}</div>
        </div>
      ),
    },
    { title: '行业', dataIndex: 'industry', width: 100 },
    { title: '审计需求', dataIndex: 'content', ellipsis: true, render: (v: string) => v || <span className={shared.sub}>未填写</span> },
    { title: '状态', key: 'state', width: 100, render: (_, r) => <Tag color={AUDIT_STATE_COLOR[r.state]}>{r.stateLabel}</Tag> },
    {
      title: '操作',
      key: 'open',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
          详 情
        </Button>
      ),
    },
  ];

  const filtered = Object.values(list.filters).some(Boolean);

  return (
    <div className={styles.stack}>
      <Card>
        <Form
          form={form}
          layout="inline"
          className={styles.filters}
          initialValues={{
            state: AUDIT_REQUEST_STATES.find((s) => s === list.filters.state),
            keyword: list.filters.keyword || undefined,
            range: list.filters.from && list.filters.to ? [dayjs(list.filters.from), dayjs(list.filters.to)] : null,
          }}
          onFinish={(v) =>
            list.setFilters({
              state: v.state ?? '',
              keyword: v.keyword?.trim() ?? '',
              from: v.range?.[0].format('YYYY-MM-DD') ?? '',
              to: v.range?.[1].format('YYYY-MM-DD') ?? '',
            })
          }
        >
          <Form.Item name="state" label="状态">
            <Select
              allowClear
              placeholder="全部状态"
              className={styles.select}
              options={AUDIT_REQUEST_STATES.map((s) => ({ value: s, label: AUDIT_REQUEST_STATE_LABEL[s] }))}
            />
          </Form.Item>
          <Form.Item name="keyword" label="关键词">
            <Input allowClear placeholder="公司、联系人、行业或手机号" maxLength={LEAD_KEYWORD_MAX} className={styles.keyword} />
          </Form.Item>
          <Form.Item name="range" label="提交日期">
            <DatePicker.RangePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              查 询
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card title={list.reply ? `共 ${list.total.toLocaleString('zh-CN')} 条申请` : '合规审计申请'}>
        <Table<AuditRequestRow>
          rowKey="id"
          loading={list.fetching}
          columns={columns}
          dataSource={list.rows}
          scroll={list.rows.length ? { x: 900 } : undefined}
          locale={{
            emptyText: (
              <Empty description={filtered ? '没有符合条件的申请，换个筛选条件试试' : '还没有合规审计申请。企业在「数据合规审计」页提交申请后，会出现在这里'} />
            ),
          }}
          pagination={list.pagination}
        />
      </Card>
      <Drawer
        open={openId !== null}
        onClose={() => setOpenId(null)}
        size={screens.sm === false ? '100%' : 520}
        title={detail?.companyName ?? '合规审计申请'}
        destroyOnHidden
      >
        {detailError ? <Alert type="error" showIcon title={detailError} /> : null}
        {!detail && !detailError ? <Skeleton active /> : null}
        {detail ? (
          <div className={styles.stack}>
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                { key: 'company', label: '公司', children: detail.companyName },
                { key: 'contact', label: '联系人', children: detail.contactName },
                {
                  key: 'phone',
                  label: '手机号',
                  children: (
                    <Typography.Text copyable={{ text: detail.phone, tooltips: ['复制', '已复制'] }}>
                      <a href={`tel:${detail.phone}`}>{detail.phone}</a>
                    </Typography.Text>
                  ),
                },
                { key: 'industry', label: '行业', children: detail.industry },
                { key: 'at', label: '提交时间', children: dateTime(detail.createdAt) },
                { key: 'content', label: '审计需求', children: <div className={styles.note}>{detail.content || '未填写'}</div> },
              ]}
            />
            <div className={styles.control}>
              <span className={shared.sub}>跟进状态</span>
              <Select<AuditRequestState>
                className={styles.select}
                value={detail.state}
                disabled={busy}
                onChange={(v) => void setState(v)}
                options={AUDIT_REQUEST_STATES.map((s) => ({ value: s, label: <Tag color={AUDIT_STATE_COLOR[s]}>{AUDIT_REQUEST_STATE_LABEL[s]}</Tag> }))}
              />
            </div>
          </div>
        ) : null}
      </Drawer>
    </div>
  );
}
