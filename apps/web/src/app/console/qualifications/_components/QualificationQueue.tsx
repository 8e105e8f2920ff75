'use client';
// 企业认证审核: applications by status (待审核 first) with their counts, a keyword search over
// company, login name and credit code, and the drawer where an operator decides: the licence
// image beside what the company typed, its contacts and the account's earlier applications.
import {
  consoleQualificationsApi,
  QUALIFICATION_QUEUE,
  QUALIFICATION_QUEUE_LABEL,
  type QualificationDetail,
  type QualificationQueueRow,
  type QualificationQueueStatus,
} from '@apimarket/contracts';
import { Empty, Image } from 'antd';
import { timeColumn } from '@/components/console/ConsoleList';
import { FactsSection, outcomeItems, RowsSection, StatusTag, statusColumn } from '@/components/console/ReviewDrawer';
import { ReviewQueue } from '@/components/console/ReviewQueue';
import styles from '@/components/console/review.module.css';
import { dateTime } from '@/lib/format';

const STATUS_COLOR: Record<QualificationQueueStatus, string> = { pending: 'processing', approved: 'success', rejected: 'error', revoked: 'default' };

export function QualificationQueue() {
  return (
    <ReviewQueue<QualificationDetail, QualificationQueueRow, QualificationQueueStatus>
      calls={consoleQualificationsApi}
      title="企业认证审核"
      hint="核对营业执照与填写信息一致后通过；驳回须写明原因，客户会收到站内信"
      statuses={QUALIFICATION_QUEUE}
      labels={QUALIFICATION_QUEUE_LABEL}
      noun="企业认证"
      waitingEmpty="暂无待审核的企业认证，客户提交后会出现在这里"
      placeholder="公司名称 / 登录账号 / 信用代码"
      decideLabel="审 核"
      lead={{ title: '公司名称', dataIndex: 'companyName' }}
      columns={[
        { title: '统一社会信用代码', dataIndex: 'creditCode', width: 190 },
        { title: '法定代表人', dataIndex: 'legalPerson', width: 110 },
        { title: '登录账号', dataIndex: 'loginName', width: 140 },
        timeColumn('提交时间', 'createdAt'),
        { title: '状态', key: 'status', width: 110, render: (_, r) => <StatusTag colors={STATUS_COLOR} item={r} testId="qualification-status" /> },
      ]}
      review={{
        title: '企业认证详情',
        loadError: '申请详情加载失败，请稍后再试',
        after: (d, row) => ({ ...d, ...row }),
        approve: () => ({
          label: '通 过',
          decision: 'approve',
          confirm: { title: '确认通过该企业认证？', description: '通过后客户即可使用用户中心的全部功能，并会收到站内信通知。', okText: '确认通过' },
        }),
        reject: {
          title: '驳回企业认证',
          placeholder: '如：营业执照照片不清晰，请上传清晰完整的原件照片',
          subject: (d) => `「${d.companyName}」的企业认证`,
        },
      }}
    >
      {(detail) => (
        <>
          <section className={styles.section}>
            <h3 className={styles.sectionTitle}>营业执照</h3>
            <div className={styles.licence}>
              {detail.licenceUrl ? (
                <Image src={detail.licenceUrl} alt={`${detail.companyName}的营业执照`} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该申请没有保存营业执照图片" />
              )}
            </div>
          </section>
          <FactsSection
            title="申请信息"
            items={[
              { key: 'company', label: '公司名称', children: detail.companyName },
              { key: 'code', label: '统一社会信用代码', children: detail.creditCode },
              { key: 'legal', label: '法定代表人', children: detail.legalPerson },
              { key: 'login', label: '登录账号', children: detail.loginName },
              { key: 'at', label: '提交时间', children: dateTime(detail.createdAt) },
              ...outcomeItems(STATUS_COLOR, detail, detail.reason),
            ]}
          />
          <FactsSection
            title="业务联系人"
            items={[
              { key: 'name', label: '联系人', children: detail.contacts.contacter || '—' },
              { key: 'mobile', label: '联系电话', children: detail.contacts.contactMobile || '—' },
              { key: 'email', label: '邮箱', children: detail.contacts.email || '—' },
              { key: 'position', label: '职位', children: detail.contacts.position || '—' },
            ]}
          />
          <RowsSection<QualificationQueueRow>
            title="该账号的其他认证申请"
            rows={detail.history}
            rowKey="id"
            scrollX={560}
            empty="这是该账号的第一次认证申请"
            columns={[
              timeColumn('提交时间', 'createdAt', 160),
              { title: '公司名称', dataIndex: 'companyName' },
              statusColumn(STATUS_COLOR),
              { title: '驳回原因', dataIndex: 'reason', render: (v: string) => <span className={styles.reason}>{v || '—'}</span> },
            ]}
          />
        </>
      )}
    </ReviewQueue>
  );
}
