'use client';
// The frame every review drawer shares (企业认证, 付费测试, 充值, 退款): the item loaded when opened,
// its sections, and for an item still waiting the footer with 驳 回 (the reason dialog) and the
// approval — a confirmation popover, or a dialog of the queue's own. Each queue brings its title,
// its sections, what its approval asks and how the item reads once decided.
import { Button, Descriptions, type DescriptionsProps, Drawer, Empty, Popconfirm, Table, type TableColumnsType, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useState } from 'react';
import { dateTime } from '@/lib/format';
import { DrawerBody } from './DetailDrawer';
import { RejectModal } from './RejectModal';
import styles from './review.module.css';
import { type ReviewCalls, useReviewDetail } from './useReviewDetail';

type Fields = Record<string, string>;

/** How an item is approved: after a confirmation popover, or through a dialog that gathers more. */
export type Approval =
  | { label: string; decision: string; confirm: { title: string; description: string; okText: string } }
  | { label: string; disabled?: boolean; dialog: (open: boolean, close: () => void, send: (fields: Fields) => Promise<void>) => React.ReactNode };

export interface ReviewDrawerProps<Detail extends { id: number; status: Status }, Row, Status extends string> {
  calls: ReviewCalls<Detail, Row>;
  id: number | null;
  onClose: () => void;
  onDecided: (row: Row, before: Status) => void;
  title: string;
  loadError: string;
  /** The status that waits for a decision: only such an item shows the footer. */
  waiting: Status;
  /** The item once decided: the answer's row over it, and what an approval that took effect moved. */
  after: (detail: Detail, row: Row, approved: boolean) => Detail;
  approve: (detail: Detail) => Approval;
  /** The reject dialog: its title, an example reason, and what is rejected, e.g. 「上海某某有限公司」的企业认证. */
  reject: { title: string; placeholder: string; subject: (detail: Detail) => string };
  children: (detail: Detail) => React.ReactNode;
}

export function ReviewDrawer<Detail extends { id: number; status: Status }, Row, Status extends string>(props: ReviewDrawerProps<Detail, Row, Status>) {
  const { detail, error, decide } = useReviewDetail<Detail, Row, Status>(props.calls, props.id, props.loadError, props.onDecided);
  const [confirming, setConfirming] = useState(false);
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const send = (fields: Fields) => decide(fields, (d, { row, changed }) => props.after(d, row, changed && fields.decision !== 'reject'));
  const approval = detail ? props.approve(detail) : null;

  const approveButton =
    approval && 'confirm' in approval ? (
      <Popconfirm
        title={approval.confirm.title}
        description={approval.confirm.description}
        okText={approval.confirm.okText}
        onConfirm={async () => {
          setConfirming(true);
          await send({ decision: approval.decision, reason: '' })
            .catch(() => undefined)
            .finally(() => setConfirming(false));
        }}
      >
        <Button type="primary" loading={confirming}>
          {approval.label}
        </Button>
      </Popconfirm>
    ) : approval ? (
      <Button type="primary" disabled={approval.disabled} onClick={() => setApproving(true)}>
        {approval.label}
      </Button>
    ) : null;

  const footer =
    detail?.status === props.waiting ? (
      <div className={styles.actions}>
        <Button danger onClick={() => setRejecting(true)}>
          驳 回
        </Button>
        {approveButton}
      </div>
    ) : null;

  return (
    <Drawer open={props.id !== null} onClose={props.onClose} size="min(720px, 100vw)" title={props.title} destroyOnHidden footer={footer}>
      <DrawerBody item={detail} error={error} skeletonRows={8}>
        {props.children}
      </DrawerBody>
      {detail && approval && 'dialog' in approval
        ? approval.dialog(
            approving,
            () => setApproving(false),
            async (fields) => {
              await send(fields);
              setApproving(false);
            },
          )
        : null}
      {detail ? (
        <RejectModal
          placeholder={props.reject.placeholder}
          open={rejecting}
          title={props.reject.title}
          subject={props.reject.subject(detail)}
          onCancel={() => setRejecting(false)}
          onSubmit={async (reason) => {
            await send({ decision: 'reject', reason });
            setRejecting(false);
          }}
        />
      ) : null}
    </Drawer>
  );
}

/** The tag of an item's status in the queue's colours. */
export function StatusTag<S extends string>({
  colors,
  item,
  testId,
}: {
  colors: Record<S, string>;
  item: { status: S; statusLabel: string };
  testId?: string;
}) {
  return (
    <Tag color={colors[item.status]} data-testid={testId}>
      {item.statusLabel}
    </Tag>
  );
}

/** The 状态 column of a queue or of a drawer's table. */
export function statusColumn<S extends string, R extends { status: S; statusLabel: string }>(colors: Record<S, string>, width = 90): ColumnType<R> {
  return { title: '状态', key: 'status', width, render: (_, r) => <StatusTag colors={colors} item={r} /> };
}

/** Who decided: an operator's name, or 命令行 for the operator command. */
export const deciderName = (by: string) => (by === 'console' ? '命令行' : by);

/** The facts every decided item ends with: its status, why it was rejected, and who decided when. */
export function outcomeItems<S extends string>(
  colors: Record<S, string>,
  item: { status: S; statusLabel: string; decidedBy: string; decidedAt: string | null },
  rejectReason: string,
): NonNullable<DescriptionsProps['items']> {
  return [
    { key: 'status', label: '状态', children: <StatusTag colors={colors} item={item} /> },
    ...(rejectReason ? [{ key: 'reason', label: '驳回原因', children: rejectReason }] : []),
    ...(item.decidedAt ? [{ key: 'by', label: '处理', children: `${deciderName(item.decidedBy)} · ${dateTime(item.decidedAt)}` }] : []),
  ];
}

/** One titled table of facts in a drawer. */
export function FactsSection({ title, items }: { title: string; items: DescriptionsProps['items'] }) {
  return (
    <section className={styles.section}>
      <Descriptions title={title} bordered size="small" column={1} items={items} />
    </section>
  );
}

/** A short titled table beside the item: the member's other applications, recent orders. */
export function RowsSection<T extends object>({
  title,
  rows,
  rowKey,
  scrollX,
  empty,
  columns,
}: {
  title: string;
  rows: T[];
  rowKey: keyof T & string;
  scrollX: number;
  empty: string;
  columns: TableColumnsType<T>;
}) {
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      <Table<T>
        rowKey={rowKey}
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={rows.length ? { x: scrollX } : undefined}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
        columns={columns}
      />
    </section>
  );
}
