'use client';
// The leads tab: filters (类型, 状态, 负责人, 关键词, 日期) kept in the address, the newest leads with
// masked phones, 导出 Excel of the same filters for the CRM, and a drawer to work one lead.
import {
  consoleLeadsApi,
  LEAD_KEYWORD_MAX,
  LEAD_KIND_LABEL,
  LEAD_KINDS,
  LEAD_STATE_LABEL,
  LEAD_STATES,
  type LeadKind,
  type LeadRow,
  type LeadState,
} from '@apimarket/contracts';
import { DatePicker, Form, Input, type TableColumnsType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { FilterCard, ListCard, SelectFilter, openColumn, TwoLines, timeColumn } from '@/components/console/ConsoleList';
import shared from '@/components/console/console.module.css';
import { ExportButton } from '@/components/console/ExportButton';
import list from '@/components/console/list.module.css';
import { serverMessage } from '@/lib/api/errors';
import { useCall, usePagedList } from '@/lib/api/query';
import { LeadDrawer } from './LeadDrawer';
import { STATE_COLOR } from './lead-ui';
import styles from './leads.module.css';

interface Filters {
  kind?: LeadKind;
  state?: LeadState;
  assignee?: string;
  keyword?: string;
  range?: [Dayjs, Dayjs] | null;
}

const PAGE_SIZE = 20;
/** The list's filters as the address and the calls carry them; 负责人 defaults to 全部. */
const NO_FILTERS = { kind: '', state: '', assignee: 'any', keyword: '', from: '', to: '' };
type Query = typeof NO_FILTERS;

/** The form's values as the list and the export take them. */
function query(f: Filters): Query {
  return {
    kind: f.kind ?? '',
    state: f.state ?? '',
    assignee: f.assignee ?? 'any',
    keyword: f.keyword?.trim() ?? '',
    from: f.range?.[0].format('YYYY-MM-DD') ?? '',
    to: f.range?.[1].format('YYYY-MM-DD') ?? '',
  };
}

/** …and back, for the form of a page opened from a bookmarked address. */
function formValues(q: Query): Filters {
  const kind = LEAD_KINDS.find((k) => k === q.kind);
  const state = LEAD_STATES.find((s) => s === q.state);
  return {
    kind,
    state,
    assignee: q.assignee || 'any',
    keyword: q.keyword || undefined,
    range: q.from && q.to ? [dayjs(q.from), dayjs(q.to)] : null,
  };
}

export function LeadInbox() {
  const [form] = Form.useForm<Filters>();
  const leads = usePagedList(consoleLeadsApi.list, { inUrl: true, quiet: true, pageSize: PAGE_SIZE, filters: NO_FILTERS });
  const assignees = useCall(consoleLeadsApi.assignees, undefined, { quiet: true }).data?.data ?? [];
  const [openId, setOpenId] = useState<number | null>(null);
  const error = leads.error ? (serverMessage(leads.error) ?? '线索加载失败，请稍后再试') : null;

  const columns: TableColumnsType<LeadRow> = [
    timeColumn('提交时间', 'createdAt'),
    { title: '类型', dataIndex: 'kindLabel', width: 140, render: (v: string) => <Tag>{v}</Tag> },
    {
      title: '联系人',
      key: 'who',
      width: 150,
      render: (_, r) => <TwoLines sub={r.phone}>{r.userName || <span className={shared.sub}>未留姓名</span>}</TwoLines>,
    },
    { title: '公司 / 关注接口', key: 'company', render: (_, r) => <TwoLines sub={r.interfaceName}>{r.companyName || '—'}</TwoLines> },
    { title: '来源页面', dataIndex: 'sourcePath', width: 160, render: (v: string) => <span className={styles.path}>{v || '—'}</span> },
    {
      title: '负责人',
      key: 'assignee',
      width: 120,
      render: (_, r) => (r.assigneeName ? r.assigneeName : <span className={shared.sub}>未分配</span>),
    },
    {
      title: '状态',
      key: 'state',
      width: 120,
      render: (_, r) => (
        <>
          <Tag color={STATE_COLOR[r.state]}>{r.stateLabel}</Tag>
          {r.repeats > 0 ? <div className={shared.sub}>重复提交 {r.repeats} 次</div> : null}
        </>
      ),
    },
    openColumn('详 情', setOpenId),
  ];

  const filtered = Object.entries(leads.filters).some(([k, v]) => v && !(k === 'assignee' && v === 'any'));

  return (
    <div className={list.stack}>
      <FilterCard
        form={form}
        initialValues={formValues(leads.filters)}
        onFinish={(v) => leads.setFilters(query(v))}
        onReset={() => {
          form.setFieldsValue(formValues(NO_FILTERS));
          leads.setFilters(NO_FILTERS);
        }}
      >
        <SelectFilter name="kind" label="类型" placeholder="全部类型" options={LEAD_KINDS.map((k) => ({ value: k, label: LEAD_KIND_LABEL[k] }))} />
        <SelectFilter name="state" label="状态" placeholder="全部状态" options={LEAD_STATES.map((s) => ({ value: s, label: LEAD_STATE_LABEL[s] }))} />
        <SelectFilter
          name="assignee"
          label="负责人"
          options={[
            { value: 'any', label: '全部' },
            { value: 'mine', label: '我的' },
            { value: 'unassigned', label: '未分配' },
            ...assignees.map((o) => ({ value: String(o.id), label: o.username })),
          ]}
        />
        <Form.Item name="keyword" label="关键词">
          <Input allowClear placeholder="公司、姓名、接口或手机号" maxLength={LEAD_KEYWORD_MAX} className={list.keyword} />
        </Form.Item>
        <Form.Item name="range" label="提交日期">
          <DatePicker.RangePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
      </FilterCard>
      <ListCard<LeadRow>
        list={leads}
        error={error}
        title={leads.reply ? `共 ${leads.total.toLocaleString('zh-CN')} 条线索` : '线索'}
        extra={<ExportButton call={consoleLeadsApi.export} input={leads.filters} name="销售线索" disabled={!leads.total} />}
        columns={columns}
        scrollX={1100}
        onRow={(r) => ({ onDoubleClick: () => setOpenId(r.id) })}
        empty={filtered ? '没有符合条件的线索，换个筛选条件试试' : '还没有销售线索。访客在网站上申请免费试用、咨询或索取报价后，线索会出现在这里'}
      />
      <LeadDrawer id={openId} assignees={assignees} onClose={() => setOpenId(null)} />
    </div>
  );
}
