'use client';
// One lead, to work it: the full phone for the call (opening it is audited), where the visitor
// came from, who follows it up and its state, and the notes kept so far with a box for the next.
import { consoleLeadsApi, LEAD_STATE_LABEL, LEAD_STATES, type LeadAssignee, LeadNoteBody, type LeadState } from '@apimarket/contracts';
import { Button, Empty, Form, Input, Select, Space, Tag, Timeline } from 'antd';
import { useConsole } from '@/components/console/ConsoleContext';
import shared from '@/components/console/console.module.css';
import { DetailDrawer, Facts, PhoneCall, useDrawerItem } from '@/components/console/DetailDrawer';
import list from '@/components/console/list.module.css';
import { type ChangeReply, useAnnounce } from '@/components/console/useAnnounce';
import { useCallMutation } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { zodRule } from '@/lib/form-rules';
import { STATE_COLOR } from './lead-ui';
import styles from './leads.module.css';

const NOTE_MAX = 1000;
/** A write reads the lead (and the list behind the drawer) again; the drawer tells what went wrong itself. */
const WRITE = { quiet: true, invalidates: [consoleLeadsApi.detail, consoleLeadsApi.list] };

export function LeadDrawer({ id, assignees, onClose }: { id: number | null; assignees: LeadAssignee[]; onClose: () => void }) {
  const { operator } = useConsole();
  const announce = useAnnounce();
  const [form] = Form.useForm<{ body: string }>();
  const { item: lead, error } = useDrawerItem(consoleLeadsApi.detail, id, '线索详情加载失败，请稍后再试');
  const assign = useCallMutation(consoleLeadsApi.assign, WRITE);
  const setState = useCallMutation(consoleLeadsApi.state, WRITE);
  const note = useCallMutation(consoleLeadsApi.note, WRITE);
  const busy = assign.isPending || setState.isPending || note.isPending;

  /** One write: the server's message, once the drawer and the list have been read again. */
  const act = async (send: () => Promise<ChangeReply>): Promise<boolean> => (await announce(send)) !== null;

  const utm = lead ? Object.entries(lead.utm) : [];
  const mine = lead?.assigneeId === operator.id;

  return (
    <DetailDrawer
      open={id !== null}
      onClose={onClose}
      width={600}
      title={lead ? `${lead.kindLabel} · ${lead.companyName || lead.userName || lead.phone}` : '线索详情'}
      item={lead}
      error={error}
    >
      {(lead) => (
        <>
          <Facts
            items={[
              { key: 'phone', label: '手机号', children: <PhoneCall phone={lead.phone} /> },
              { key: 'name', label: '姓名', children: lead.userName || '—' },
              { key: 'company', label: '公司', children: lead.companyName || '—' },
              { key: 'interface', label: '关注接口', children: lead.interfaceName || '—' },
              { key: 'at', label: '提交时间', children: dateTime(lead.createdAt) },
              { key: 'repeats', label: '重复提交', children: lead.repeats > 0 ? `${lead.repeats} 次（24 小时内同一手机号再次提交）` : '无' },
              { key: 'source', label: '来源页面', children: <span className={styles.path}>{lead.sourcePath || '—'}</span> },
              { key: 'referrer', label: '来源网址', children: <span className={styles.path}>{lead.referrer || '—'}</span> },
              {
                key: 'utm',
                label: '推广参数',
                children: utm.length ? (
                  <Space size={[4, 4]} wrap>
                    {utm.map(([k, v]) => (
                      <Tag key={k}>
                        {k}={v}
                      </Tag>
                    ))}
                  </Space>
                ) : (
                  '—'
                ),
              },
              ...(lead.attachmentName ? [{ key: 'file', label: '客户资料', children: `${lead.attachmentName}（已随新线索邮件发送给销售邮箱）` }] : []),
            ]}
          />

          <div className={styles.controls}>
            <div className={styles.control}>
              <span className={shared.sub}>负责人</span>
              <Space wrap>
                <Select
                  className={list.select}
                  value={lead.assigneeId === null ? 'none' : String(lead.assigneeId)}
                  disabled={busy}
                  onChange={(v) => void act(() => assign.mutateAsync({ id: lead.id, assigneeId: v }))}
                  options={[
                    { value: 'none', label: '未分配（公共线索池）' },
                    ...assignees.map((o) => ({ value: String(o.id), label: o.username })),
                    // A lead may still name someone who has since been disabled.
                    ...(lead.assigneeId !== null && !assignees.some((o) => o.id === lead.assigneeId)
                      ? [{ value: String(lead.assigneeId), label: lead.assigneeName || `#${lead.assigneeId}`, disabled: true }]
                      : []),
                  ]}
                />
                <Button disabled={busy || mine} onClick={() => void act(() => assign.mutateAsync({ id: lead.id, assigneeId: 'me' }))}>
                  {mine ? '已由我负责' : '分配给我'}
                </Button>
              </Space>
            </div>
            <div className={styles.control}>
              <span className={shared.sub}>跟进状态</span>
              <Select<LeadState>
                className={list.select}
                value={lead.state}
                disabled={busy}
                onChange={(v) => void act(() => setState.mutateAsync({ id: lead.id, state: v }))}
                options={LEAD_STATES.map((s) => ({ value: s, label: <Tag color={STATE_COLOR[s]}>{LEAD_STATE_LABEL[s]}</Tag> }))}
              />
            </div>
          </div>

          <div>
            <h3 className={styles.sectionTitle}>跟进记录</h3>
            <Form
              form={form}
              // The drawer is destroyed on close: an unsent note does not follow into the next lead.
              preserve={false}
              onFinish={async (v) => {
                if (await act(() => note.mutateAsync({ id: lead.id, body: v.body }))) form.resetFields();
              }}
            >
              <Form.Item name="body" rules={[zodRule(LeadNoteBody)]}>
                <Input.TextArea rows={3} maxLength={NOTE_MAX} showCount placeholder="记录这次联系的结果和下一步，如：已电话沟通，客户需要报价单，周五回电" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={busy}>
                保存记录
              </Button>
            </Form>
            {lead.notes.length ? (
              <Timeline
                className={styles.timeline}
                items={lead.notes.map((n) => ({
                  key: n.id,
                  content: (
                    <>
                      <div className={shared.sub}>
                        {n.operator} · {dateTime(n.createdAt)}
                      </div>
                      <div className={styles.note}>{n.body}</div>
                    </>
                  ),
                }))}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有跟进记录。联系客户后，把结果记在这里，方便同事接手" />
            )}
          </div>
        </>
      )}
    </DetailDrawer>
  );
}
