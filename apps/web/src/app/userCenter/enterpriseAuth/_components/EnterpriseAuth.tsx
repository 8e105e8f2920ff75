'use client';
// Enterprise authentication: one screen per state. none / rejected / revoked → the form (a
// rejection shows its reason); pending → 审核中 with the submitted facts and a way to withdraw;
// approved → 已认证 with a way to revoke. A sub-account sees its parent's record read-only.
import { QUALIFICATION_MSG, type QualificationAnswer, qualificationApi } from '@apimarket/contracts';
import { Alert, type AlertProps, App, Button, Card, Descriptions, Result, Skeleton, Space, Tag } from 'antd';
import { useRouter } from 'next/navigation';
import panel from '@/components/user-center/panel.module.css';
import { useCall, useCallMutation } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { ContactsCard } from './ContactsCard';
import styles from './enterprise-auth.module.css';
import { QualificationForm } from './QualificationForm';

const STATUS_COLOR = { none: 'default', pending: 'processing', approved: 'success', rejected: 'error', revoked: 'default' } as const;

/** What the form says above it in the state it is in (never submitted, rejected with its reason, revoked). */
function formNotice(view: QualificationAnswer): AlertProps & { 'data-testid'?: string } {
  if (view.status === 'rejected') {
    return {
      type: 'error',
      title: '上次提交的企业认证未通过',
      description: `原因：${view.reason}。请按原因修改后重新提交。`,
      'data-testid': 'qualification-reason',
    };
  }
  if (view.status === 'revoked') return { type: 'info', title: '企业认证已撤销，重新提交并通过审核后即可恢复使用。' };
  return {
    type: 'info',
    title: '完成企业认证后即可购买和调用数据接口',
    description: '请填写与营业执照一致的企业信息并上传营业执照照片，平台审核通过后开放用户中心的全部功能。',
  };
}

export function EnterpriseAuth({ initial }: { initial: QualificationAnswer | null }) {
  const { modal, message } = App.useApp();
  const router = useRouter();
  // Read on the server for the first render; read again here after each change this screen makes.
  const current = useCall(qualificationApi.current, {}, { enabled: false, quiet: true });
  const view = current.data?.data ?? initial;
  const revocation = useCallMutation(qualificationApi.revoke, { onSuccess: (res) => void message.success(res.msg) });

  const reload = async () => {
    await current.refetch();
    router.refresh(); // the layout re-reads the qualification for the menu and the gate
  };

  if (!view && (initial === null || current.isError)) {
    return (
      <Card>
        <Result status="warning" title="企业认证信息暂时无法加载" extra={<Button onClick={() => void reload()}>重新加载</Button>} />
      </Card>
    );
  }
  if (!view) return <Skeleton active />;

  const revoke = () => {
    const pending = view.status === 'pending';
    modal.confirm({
      title: pending ? '撤销认证申请？' : '撤销企业认证？',
      content: pending
        ? '撤销后本次申请不再审核，您可以修改资料后重新提交。'
        : '撤销后用户中心除企业认证外的功能将不可用，已购接口的调用也会受到限制，直到重新认证通过。',
      okText: '确认撤销',
      okButtonProps: { danger: true },
      cancelText: '取消',
      // A refusal is told by the one error toast.
      onOk: () => revocation.mutateAsync({}).then(reload, () => undefined),
    });
  };

  const facts = (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      bordered
      size="medium"
      className={styles.facts}
      items={[
        { key: 'company', label: '企业名称', children: view.companyName },
        { key: 'code', label: '统一社会信用代码', children: <span className={styles.mono}>{view.creditCode}</span> },
        { key: 'legal', label: '法定代表人', children: view.legalPerson },
        { key: 'submitted', label: '提交时间', children: dateTime(view.submittedAt) },
        ...(view.decidedAt ? [{ key: 'decided', label: '审核时间', children: dateTime(view.decidedAt) }] : []),
        ...(view.licenceUrl
          ? [
              {
                key: 'licence',
                label: '营业执照',
                children: (
                  <a href={view.licenceUrl} target="_blank" rel="noreferrer">
                    查看营业执照
                  </a>
                ),
              },
            ]
          : []),
      ]}
    />
  );

  const header = (
    <div className={styles.header}>
      <h1 className={styles.title}>企业认证</h1>
      <Tag color={STATUS_COLOR[view.status]} data-testid="qualification-status">
        {view.statusLabel}
      </Tag>
    </div>
  );

  let body: React.ReactNode;
  if (view.status === 'pending') {
    body = (
      <>
        <Result status="info" title="审核中" subTitle="平台将在 1 个工作日内完成审核，结果会通过站内信通知您。审核通过后即可使用用户中心的全部功能。" />
        {facts}
        {view.editable ? (
          <Space className={styles.actions}>
            <Button onClick={revoke}>撤销申请</Button>
          </Space>
        ) : null}
      </>
    );
  } else if (view.status === 'approved') {
    body = (
      <>
        <Result status="success" title="已认证" subTitle={`${view.companyName}已通过企业认证。`} />
        {facts}
        {view.editable ? (
          <Space className={styles.actions}>
            <Button danger onClick={revoke}>
              撤销认证
            </Button>
          </Space>
        ) : null}
      </>
    );
  } else if (!view.editable) {
    body = <Result status="warning" title="主账号尚未完成企业认证" subTitle="企业认证由主账号办理，认证通过后子账号即可使用用户中心的全部功能。" />;
  } else {
    body = (
      <>
        <Alert showIcon className={styles.alert} {...formNotice(view)} />
        <QualificationForm
          initial={view.status === 'rejected' ? view : null}
          onSubmitted={async (msg) => {
            message.success(msg || QUALIFICATION_MSG.submitted);
            await reload();
          }}
        />
      </>
    );
  }

  return (
    <div className={panel.page}>
      <Card>
        {header}
        {body}
      </Card>
      {view.editable ? <ContactsCard /> : null}
    </div>
  );
}
