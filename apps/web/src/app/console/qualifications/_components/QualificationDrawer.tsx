'use client';
// One application in full: the licence image beside what the company typed, its contacts and
// the account's earlier applications; a pending one is approved or rejected from here.
import { consoleQualificationsApi, type QualificationDetail, type QualificationQueueRow, type QualificationQueueStatus } from '@apimarket/contracts';
import { Alert, Button, Descriptions, Drawer, Empty, Image, Popconfirm, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { dateTime } from '@/lib/format';
import styles from '@/components/console/review.module.css';
import { RejectModal } from '@/components/console/RejectModal';
import { useReviewDetail } from '@/components/console/useReviewDetail';
import { STATUS_COLOR } from './status';

export function QualificationDrawer({
  id,
  onClose,
  onDecided,
}: {
  id: number | null;
  onClose: () => void;
  onDecided: (row: QualificationQueueRow, before: QualificationQueueStatus) => void;
}) {
  const {
    detail,
    error,
    decide: send,
  } = useReviewDetail<QualificationDetail, QualificationQueueRow, QualificationQueueStatus>(
    consoleQualificationsApi,
    id,
    '申请详情加载失败，请稍后再试',
    onDecided,
  );
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const decide = (decision: 'approve' | 'reject', reason = '') => send({ decision, reason }, (d, { row }) => ({ ...d, ...row }));

  const pending = detail?.status === 'pending';
  const footer = pending ? (
    <div className={styles.actions}>
      <Button danger onClick={() => setRejecting(true)}>
        驳 回
      </Button>
      <Popconfirm
        title="确认通过该企业认证？"
        description="通过后客户即可使用用户中心的全部功能，并会收到站内信通知。"
        okText="确认通过"
        onConfirm={async () => {
          setApproving(true);
          await decide('approve')
            .catch(() => undefined)
            .finally(() => setApproving(false));
        }}
      >
        <Button type="primary" loading={approving}>
          通 过
        </Button>
      </Popconfirm>
    </div>
  ) : null;

  return (
    <Drawer open={id !== null} onClose={onClose} size="min(720px, 100vw)" title="企业认证详情" destroyOnHidden footer={footer}>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {!detail && !error ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {detail ? (
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
          <section className={styles.section}>
            <Descriptions
              title="申请信息"
              bordered
              size="small"
              column={1}
              items={[
                { key: 'company', label: '公司名称', children: detail.companyName },
                { key: 'code', label: '统一社会信用代码', children: detail.creditCode },
                { key: 'legal', label: '法定代表人', children: detail.legalPerson },
                { key: 'login', label: '登录账号', children: detail.loginName },
                { key: 'at', label: '提交时间', children: dateTime(detail.createdAt) },
                { key: 'status', label: '状态', children: <Tag color={STATUS_COLOR[detail.status]}>{detail.statusLabel}</Tag> },
                ...(detail.reason ? [{ key: 'reason', label: '驳回原因', children: detail.reason }] : []),
                ...(detail.decidedAt
                  ? [{ key: 'by', label: '处理', children: `${detail.decidedBy === 'console' ? '命令行' : detail.decidedBy} · ${dateTime(detail.decidedAt)}` }]
                  : []),
              ]}
            />
          </section>
          <section className={styles.section}>
            <Descriptions
              title="业务联系人"
              bordered
              size="small"
              column={1}
              items={[
                { key: 'name', label: '联系人', children: detail.contacts.contacter || '—' },
                { key: 'mobile', label: '联系电话', children: detail.contacts.contactMobile || '—' },
                { key: 'email', label: '邮箱', children: detail.contacts.email || '—' },
                { key: 'position', label: '职位', children: detail.contacts.position || '—' },
              ]}
            />
          </section>
          <section className={styles.section}>
            <h3 className={styles.sectionTitle}>该账号的其他认证申请</h3>
            <Table<QualificationQueueRow>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.history}
              scroll={detail.history.length ? { x: 560 } : undefined}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这是该账号的第一次认证申请" /> }}
              columns={[
                { title: '提交时间', dataIndex: 'createdAt', width: 160, render: (v: string) => dateTime(v) },
                { title: '公司名称', dataIndex: 'companyName' },
                { title: '状态', key: 'status', width: 90, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusLabel}</Tag> },
                { title: '驳回原因', dataIndex: 'reason', render: (v: string) => <span className={styles.reason}>{v || '—'}</span> },
              ]}
            />
          </section>
        </>
      ) : null}
      <RejectModal
        placeholder="如：营业执照照片不清晰，请上传清晰完整的原件照片"
        open={rejecting}
        title="驳回企业认证"
        subject={detail ? `「${detail.companyName}」的企业认证` : '该企业认证'}
        onCancel={() => setRejecting(false)}
        onSubmit={async (reason) => {
          await decide('reject', reason);
          setRejecting(false);
        }}
      />
    </Drawer>
  );
}
