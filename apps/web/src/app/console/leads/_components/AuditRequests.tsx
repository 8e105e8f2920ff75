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
import { DatePicker, Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { FilterCard, ListCard, SelectFilter, openColumn, TwoLines, timeColumn } from '@/components/console/ConsoleList';
import shared from '@/components/console/console.module.css';
import { DetailDrawer, Facts, PhoneCall, useDrawerItem } from '@/components/console/DetailDrawer';
import list from '@/components/console/list.module.css';
import { useAnnounce } from '@/components/console/useAnnounce';
import { serverMessage } from '@/lib/api/errors';
import { useCallMutation, usePagedList } from '@/lib/api/query';
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
  const announce = useAnnounce();
  const [form] = Form.useForm<Filters>();
  const requests = usePagedList(consoleAuditRequestsApi.list, { inUrl: true, quiet: true, pageSize: PAGE_SIZE, filters: NO_FILTERS });
  const error = requests.error ? (serverMessage(requests.error) ?? '合规审计申请加载失败，请稍后再试') : null;
  const [openId, setOpenId] = useState<number | null>(null);
  const { item: detail, error: detailError, show } = useDrawerItem(consoleAuditRequestsApi.detail, openId, '申请详情加载失败，请稍后再试');
  const stateChange = useCallMutation(consoleAuditRequestsApi.state, { quiet: true, invalidates: [consoleAuditRequestsApi.list] });

  const setState = async (state: AuditRequestState) => {
    if (!detail) return;
    // The drawer shows the new state without reading the request (and its full phone) again.
    if (await announce(() => stateChange.mutateAsync({ id: detail.id, state }))) show({ ...detail, state, stateLabel: AUDIT_REQUEST_STATE_LABEL[state] });
  };

  const columns: TableColumnsType<AuditRequestRow> = [
    timeColumn('提交时间', 'createdAt'),
    { title: '公司', dataIndex: 'companyName', width: 200 },
    { title: '联系人', key: 'who', width: 140, render: (_, r) => <TwoLines sub={r.phone}>{r.contactName}</TwoLines> },
    { title: '行业', dataIndex: 'industry', width: 100 },
    { title: '审计需求', dataIndex: 'content', ellipsis: true, render: (v: string) => v || <span className={shared.sub}>未填写</span> },
    { title: '状态', key: 'state', width: 100, render: (_, r) => <Tag color={AUDIT_STATE_COLOR[r.state]}>{r.stateLabel}</Tag> },
    openColumn('详 情', setOpenId),
  ];

  const filtered = Object.values(requests.filters).some(Boolean);

  return (
    <div className={list.stack}>
      <FilterCard
        form={form}
        initialValues={{
          state: AUDIT_REQUEST_STATES.find((s) => s === requests.filters.state),
          keyword: requests.filters.keyword || undefined,
          range: requests.filters.from && requests.filters.to ? [dayjs(requests.filters.from), dayjs(requests.filters.to)] : null,
        }}
        onFinish={(v) =>
          requests.setFilters({
            state: v.state ?? '',
            keyword: v.keyword?.trim() ?? '',
            from: v.range?.[0].format('YYYY-MM-DD') ?? '',
            to: v.range?.[1].format('YYYY-MM-DD') ?? '',
          })
        }
      >
        <SelectFilter
          name="state"
          label="状态"
          placeholder="全部状态"
          options={AUDIT_REQUEST_STATES.map((s) => ({ value: s, label: AUDIT_REQUEST_STATE_LABEL[s] }))}
        />
        <Form.Item name="keyword" label="关键词">
          <Input allowClear placeholder="公司、联系人、行业或手机号" maxLength={LEAD_KEYWORD_MAX} className={list.keyword} />
        </Form.Item>
        <Form.Item name="range" label="提交日期">
          <DatePicker.RangePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
      </FilterCard>
      <ListCard<AuditRequestRow>
        list={requests}
        error={error}
        title={requests.reply ? `共 ${requests.total.toLocaleString('zh-CN')} 条申请` : '合规审计申请'}
        columns={columns}
        scrollX={900}
        empty={filtered ? '没有符合条件的申请，换个筛选条件试试' : '还没有合规审计申请。企业在「数据合规审计」页提交申请后，会出现在这里'}
      />
      <DetailDrawer
        open={openId !== null}
        onClose={() => setOpenId(null)}
        width={520}
        title={detail?.companyName ?? '合规审计申请'}
        item={detail}
        error={detailError}
      >
        {(d) => (
          <>
            <Facts
              items={[
                { key: 'company', label: '公司', children: d.companyName },
                { key: 'contact', label: '联系人', children: d.contactName },
                { key: 'phone', label: '手机号', children: <PhoneCall phone={d.phone} /> },
                { key: 'industry', label: '行业', children: d.industry },
                { key: 'at', label: '提交时间', children: dateTime(d.createdAt) },
                { key: 'content', label: '审计需求', children: <div className={styles.note}>{d.content || '未填写'}</div> },
              ]}
            />
            <div className={styles.control}>
              <span className={shared.sub}>跟进状态</span>
              <Select<AuditRequestState>
                className={list.select}
                value={d.state}
                disabled={stateChange.isPending}
                onChange={(v) => void setState(v)}
                options={AUDIT_REQUEST_STATES.map((s) => ({ value: s, label: <Tag color={AUDIT_STATE_COLOR[s]}>{AUDIT_REQUEST_STATE_LABEL[s]}</Tag> }))}
              />
            </div>
          </>
        )}
      </DetailDrawer>
    </div>
  );
}
