'use client';
// 企业认证审核: applications by status (待审核 first) with their counts, a keyword search over
// company, login name and credit code, and the detail drawer where an operator decides.
import {
  consoleQualificationsApi,
  QUALIFICATION_QUEUE,
  QUALIFICATION_QUEUE_LABEL,
  type QualificationQueueRow,
  type QualificationQueueStatus,
} from '@apimarket/contracts';
import { Tag, Typography } from 'antd';
import { ReviewQueue } from '@/components/console/ReviewQueue';
import { dateTime } from '@/lib/format';
import { QualificationDrawer } from './QualificationDrawer';
import { STATUS_COLOR } from './status';

export function QualificationQueue() {
  return (
    <ReviewQueue<QualificationQueueRow, QualificationQueueStatus>
      list={consoleQualificationsApi.list}
      title="企业认证审核"
      hint="核对营业执照与填写信息一致后通过；驳回须写明原因，客户会收到站内信"
      statuses={QUALIFICATION_QUEUE}
      labels={QUALIFICATION_QUEUE_LABEL}
      waiting="pending"
      noun="企业认证"
      waitingEmpty="暂无待审核的企业认证，客户提交后会出现在这里"
      placeholder="公司名称 / 登录账号 / 信用代码"
      decideLabel="审 核"
      columns={(open) => [
        { title: '公司名称', dataIndex: 'companyName', render: (v: string, r) => <Typography.Link onClick={() => open(r.id)}>{v}</Typography.Link> },
        { title: '统一社会信用代码', dataIndex: 'creditCode', width: 190 },
        { title: '法定代表人', dataIndex: 'legalPerson', width: 110 },
        { title: '登录账号', dataIndex: 'loginName', width: 140 },
        { title: '提交时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
        {
          title: '状态',
          key: 'status',
          width: 110,
          render: (_, r) => (
            <Tag color={STATUS_COLOR[r.status]} data-testid="qualification-status">
              {r.statusLabel}
            </Tag>
          ),
        },
      ]}
      drawer={(id, close, decided) => <QualificationDrawer id={id} onClose={close} onDecided={decided} />}
    />
  );
}
