'use client';
// 查询列表 (UserCenter/judicial/list): the account's own judicial queries, newest first, filtered
// by interface, day and subject (kept in the address); each opens as its case file or its raw answer.
import { JUDICIAL_LIMITS, type JudicialListRow, judicialApi } from '@apimarket/contracts';
import { Button, Card, Form, Input, Select, Space, type TableColumnsType, Tag } from 'antd';
import Link from 'next/link';
import { HistoryDateRange, HistoryFilters } from '@/components/user-center/HistoryFilters';
import { EmptyState, ListTable } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { JUDICIAL_OPTIONS } from './judicial-words';
import styles from './examine.module.css';

const FILTERS = { interfaceId: '', from: '', to: '', subject: '' };

export function JudicialList() {
  const list = usePagedList(judicialApi.list, { inUrl: true, filters: FILTERS, pageSize: 10 });
  const { filters } = list;

  const columns: TableColumnsType<JudicialListRow> = [
    { title: '查询时间', dataIndex: 'requestedAt', width: 170, render: (v: string) => dateTime(v) },
    { title: '接口', dataIndex: 'interfaceName', width: 150 },
    {
      title: '查询对象',
      dataIndex: 'subject',
      width: 230,
      render: (v: string, r) => (
        <span>
          <Tag>{r.subjectType === 'company' ? '企业' : '个人'}</Tag>
          {v || '—'}
        </span>
      ),
    },
    {
      title: '结果',
      key: 'headline',
      render: (_, r) => <Tag color={!r.succeeded ? 'error' : r.records > 0 ? 'warning' : 'success'}>{r.headline}</Tag>,
    },
    { title: '计费', dataIndex: 'charged', width: 70, render: (v: boolean) => (v ? '是' : '否') },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Link href={`/userCenter/examine/details?id=${r.id}`} data-testid={`judicial-details-${r.id}`}>
            <Button type="link" size="small">
              详情
            </Button>
          </Link>
          <Link href={`/userCenter/examine/json?id=${r.id}`} data-testid={`judicial-json-${r.id}`}>
            <Button type="link" size="small">
              原始数据
            </Button>
          </Link>
        </Space>
      ),
    },
  ];

  return (
    <div className={panel.page}>
      <Card
        title="司法查询列表"
        extra={
          <Link href="/userCenter/examine">
            <Button type="primary" size="small">
              新的查询
            </Button>
          </Link>
        }
      >
        <HistoryFilters>
          <Form.Item label="接口">
            <Select
              className={styles.filterSelect}
              value={filters.interfaceId || undefined}
              placeholder="全部司法接口"
              allowClear
              options={JUDICIAL_OPTIONS}
              onChange={(v?: string) => list.setFilters({ interfaceId: v ?? '' })}
              data-testid="judicial-filter-interface"
            />
          </Form.Item>
          <HistoryDateRange from={filters.from} to={filters.to} onChange={list.setFilters} />
          <Form.Item label="查询对象">
            <Input.Search
              placeholder="姓名、身份证号或企业名称"
              allowClear
              defaultValue={filters.subject}
              maxLength={JUDICIAL_LIMITS.subjectChars}
              onSearch={(v) => list.setFilters({ subject: v.trim() })}
              className={styles.filterSearch}
            />
          </Form.Item>
        </HistoryFilters>
        <ListTable<JudicialListRow>
          list={list}
          rowKey="id"
          columns={columns}
          scrollX={900}
          failedText="司法查询记录暂时无法读取，请稍后刷新"
          empty={
            <EmptyState
              title={Object.values(filters).some(Boolean) ? '没有符合条件的司法查询' : '还没有司法查询'}
              text="在「司法可视化」选择已购买的司法接口并填写查询对象，每次查询都会记录在这里，可随时查看案卷与原始数据。"
            />
          }
          data-testid="judicial-list"
        />
      </Card>
    </div>
  );
}
