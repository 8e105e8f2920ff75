'use client';
// One member's account: the facts an operator checks before acting, the security flag, 停用 /
// 启用, the granted feature codes, and the closure mark. Each switch is one audited call whose
// Chinese answer is shown as it comes.
import { consoleMembersApi, formatFen, GRANTABLE_FEATURE_OPTIONS, MEMBER_KIND_LABEL, MEMBER_STATUS_LABEL } from '@apimarket/contracts';
import { Alert, Button, Checkbox, Popconfirm, Space, Switch, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { TwoLines } from '@/components/console/ConsoleList';
import shared from '@/components/console/console.module.css';
import { DetailDrawer, Facts, useDrawerItem } from '@/components/console/DetailDrawer';
import { useAnnounce } from '@/components/console/useAnnounce';
import { useCallMutation } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import styles from './members.module.css';

/** A change reads the account again, and the list and dormant tab behind the drawer; the drawer tells what went wrong itself. */
const CHANGE = { quiet: true, invalidates: [consoleMembersApi.detail, consoleMembersApi.list, consoleMembersApi.dormant] };

export function MemberDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  // Each audited change tells the server's words, once the account has been read again.
  const announce = useAnnounce();
  const { item: member, error } = useDrawerItem(consoleMembersApi.detail, id, '账号详情加载失败，请稍后再试');
  const [codes, setCodes] = useState<number[]>([]);
  // The boxes start from what is granted now, and again after every change.
  useEffect(() => {
    if (member) setCodes(member.effectiveFeatures);
  }, [member]);

  const flags = useCallMutation(consoleMembersApi.flags, CHANGE);
  const status = useCallMutation(consoleMembersApi.status, CHANGE);
  const features = useCallMutation(consoleMembersApi.features, CHANGE);
  const mark = useCallMutation(consoleMembersApi.markClosure, CHANGE);
  const unmark = useCallMutation(consoleMembersApi.unmarkClosure, CHANGE);
  const busy = [flags, status, features, mark, unmark].some((m) => m.isPending);

  const sameCodes = member !== null && codes.length === member.effectiveFeatures.length && codes.every((c) => member.effectiveFeatures.includes(c));
  const disabled = member?.status === 'disabled';

  return (
    <DetailDrawer open={id !== null} onClose={onClose} width={600} title={member ? `会员 ${member.loginName}` : '会员详情'} item={member} error={error}>
      {(member) => (
        <>
          {member.closureMarkedAt ? <Alert type="warning" showIcon title={`已于 ${dateTime(member.closureMarkedAt)} 标记待注销，并已通知账号本人`} /> : null}
          <Facts
            items={[
              { key: 'login', label: '登录名', children: member.loginName },
              { key: 'mobile', label: '手机号', children: member.mobile || '未绑定' },
              { key: 'contacter', label: '联系人', children: member.contacter || '—' },
              {
                key: 'kind',
                label: '账号类型',
                children: member.parentLoginName ? `${MEMBER_KIND_LABEL[member.kind]}（属于 ${member.parentLoginName}）` : MEMBER_KIND_LABEL[member.kind],
              },
              {
                key: 'status',
                label: '状态',
                children: <Tag color={disabled ? 'error' : 'success'}>{MEMBER_STATUS_LABEL[member.status]}</Tag>,
              },
              { key: 'created', label: '注册时间', children: dateTime(member.createdAt) },
              {
                key: 'lastLogin',
                label: '最近登录',
                children: (
                  <>
                    {member.lastLoginAt ? dateTime(member.lastLoginAt) : '从未登录'}
                    {member.dormant ? (
                      <Tag color="warning" className={styles.inlineTag}>
                        半年未登录
                      </Tag>
                    ) : null}
                  </>
                ),
              },
              {
                key: 'qualification',
                label: '企业认证',
                children: member.companyName ? (
                  <TwoLines sub={`统一社会信用代码 ${member.creditCode}`}>
                    {member.companyName} <Tag>{member.qualificationLabel}</Tag>
                  </TwoLines>
                ) : (
                  member.qualificationLabel
                ),
              },
              { key: 'balance', label: member.kind === 'sub' ? '主账号余额' : '账户余额', children: `¥${formatFen(member.balanceFen)}` },
              { key: 'purchases', label: '已购接口', children: `${member.purchases} 个` },
              ...(member.kind === 'main' ? [{ key: 'subs', label: '子账号', children: `${member.subAccounts} 个` }] : []),
            ]}
          />

          <section className={styles.section}>
            <h3 className={styles.sectionTitle}>账号安全</h3>
            <div className={styles.row}>
              <div>
                <div>安全验证标记</div>
                <div className={shared.sub}>加标记后，该账号每次登录都需要验证绑定手机号。</div>
              </div>
              <Switch
                checked={member.securityFlagged}
                loading={busy}
                checkedChildren="已标记"
                unCheckedChildren="未标记"
                onChange={(on) => void announce(() => flags.mutateAsync({ id: member.id, securityFlagged: on ? 'true' : 'false' }))}
              />
            </div>
            <div className={styles.row}>
              <div>
                <div>{disabled ? '账号已停用' : '账号使用中'}</div>
                <div className={shared.sub}>{disabled ? '启用后，账号可以重新登录。' : '停用后，该账号的登录立即全部失效，也不能再登录。'}</div>
              </div>
              <Popconfirm
                title={disabled ? `启用 ${member.loginName}？` : `停用 ${member.loginName}？`}
                description={disabled ? '账号将可以重新登录。' : '该账号的所有登录会立即失效。'}
                okText={disabled ? '启 用' : '停 用'}
                cancelText="取 消"
                okButtonProps={{ danger: !disabled }}
                onConfirm={() => announce(() => status.mutateAsync({ id: member.id, status: disabled ? 'active' : 'disabled' }))}
              >
                <Button danger={!disabled} disabled={busy}>
                  {disabled ? '启 用' : '停 用'}
                </Button>
              </Popconfirm>
            </div>
          </section>

          <section className={styles.section}>
            <h3 className={styles.sectionTitle}>开通的功能</h3>
            <div className={shared.sub}>
              {member.featureCodes === null ? '当前为默认功能。' : '当前为单独设置的功能。'}
              首页、数据管理、费用管理等基础菜单所有账号都有，不在此列。
            </div>
            <Checkbox.Group
              className={styles.codes}
              value={codes}
              disabled={busy}
              onChange={(v) => setCodes(v)}
              options={GRANTABLE_FEATURE_OPTIONS.map((f) => ({ value: f.code, label: `${f.label}（${f.code}）` }))}
            />
            <Space wrap>
              <Button
                type="primary"
                disabled={busy || sameCodes}
                onClick={() => void announce(() => features.mutateAsync({ id: member.id, codes: [...codes].sort((a, b) => a - b).join(',') }))}
              >
                保存功能
              </Button>
              <Button
                disabled={busy || member.featureCodes === null}
                onClick={() => void announce(() => features.mutateAsync({ id: member.id, codes: 'default' }))}
              >
                恢复默认
              </Button>
            </Space>
          </section>

          {member.kind === 'main' ? (
            <section className={styles.section}>
              <h3 className={styles.sectionTitle}>长期未登录</h3>
              <div className={shared.sub}>连续 6 个月未登录的主账号可标记为待注销，系统会通过消息中心和短信通知账号本人；账号和数据不会被删除。</div>
              {member.closureMarkedAt ? (
                <Popconfirm title="取消待注销标记？" okText="确 定" cancelText="取 消" onConfirm={() => announce(() => unmark.mutateAsync({ id: member.id }))}>
                  <Button disabled={busy}>取消标记</Button>
                </Popconfirm>
              ) : (
                <Popconfirm
                  title="标记为待注销？"
                  description="账号本人会收到站内消息和短信通知。"
                  okText="标 记"
                  cancelText="取 消"
                  onConfirm={() => announce(() => mark.mutateAsync({ id: member.id }))}
                  disabled={!member.dormant}
                >
                  <Button disabled={busy || !member.dormant}>{member.dormant ? '标记待注销' : '近 6 个月内登录过，不能标记'}</Button>
                </Popconfirm>
              )}
            </section>
          ) : null}
        </>
      )}
    </DetailDrawer>
  );
}
