'use client';
// 运营账号: who can sign in to the console and with which role. A new account's password (and a
// reset one) is shown once, here, to be handed over in person; the authenticator is bound by
// its owner at first sign-in.
import {
  consoleOperatorsApi,
  OPERATOR_ROLE_LABEL,
  OPERATOR_ROLES,
  OperatorCreateInput,
  type OperatorIssued,
  type OperatorRole,
  type OperatorRow,
} from '@apimarket/contracts';
import { Alert, App, Button, Card, Empty, Form, Input, Modal, Popconfirm, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useConsole, useReload } from '@/components/console/ConsoleContext';
import shared from '@/components/console/console.module.css';
import { serverMessage } from '@/lib/api/errors';
import { useCall, useCallMutation } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { zodRule } from '@/lib/form-rules';

interface Issued {
  username: string;
  password: string;
  title: string;
}

export function Operators() {
  const { operator } = useConsole();
  const { message } = App.useApp();
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<Issued | null>(null);
  const [form] = Form.useForm<{ username: string; role: OperatorRole }>();

  const list = useCall(consoleOperatorsApi.list, {}, { quiet: true });
  const rows = list.data?.rows ?? null;
  const error = list.isError ? (serverMessage(list.error) ?? '运营账号加载失败，请稍后再试') : null;

  // Each change says what happened, then reloads the list; a refusal is said where it was asked.
  const reload = useReload();
  const creation = useCallMutation(consoleOperatorsApi.create, { quiet: true });
  const statusChange = useCallMutation(consoleOperatorsApi.status, { quiet: true });
  const reset = useCallMutation(consoleOperatorsApi.reset, { quiet: true });
  const failed = (err: unknown) => {
    const msg = serverMessage(err);
    if (msg) void message.error(msg);
  };
  const show = (d: OperatorIssued, title: string) => {
    setIssued({ username: d.username, password: d.password, title });
    reload(consoleOperatorsApi.list);
  };

  const create = (values: { username: string; role: OperatorRole }) =>
    creation.mutateAsync(values).then((res) => {
      setCreating(false);
      form.resetFields();
      show(res.data, '运营账号已创建');
    }, failed);

  const columns: TableColumnsType<OperatorRow> = [
    { title: '账号', dataIndex: 'username', render: (v: string) => <strong>{v}</strong> },
    { title: '角色', dataIndex: 'role', width: 100, render: (r: OperatorRole) => OPERATOR_ROLE_LABEL[r] },
    {
      title: '状态',
      key: 'status',
      width: 180,
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={r.status === 'active' ? 'success' : 'default'}>{r.status === 'active' ? '正常' : '已停用'}</Tag>
          <Tag color={r.enrolled ? 'blue' : 'warning'}>{r.enrolled ? '已绑定验证器' : '待绑定验证器'}</Tag>
        </Space>
      ),
    },
    { title: '最近登录', dataIndex: 'lastLoginAt', width: 170, render: (v: string | null) => dateTime(v) },
    { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, r) =>
        r.id === operator.id ? (
          <span className={shared.sub}>当前账号</span>
        ) : (
          <Space>
            <Popconfirm
              title={r.status === 'active' ? `停用 ${r.username}？` : `启用 ${r.username}？`}
              description={r.status === 'active' ? '停用后该账号立即退出，不能再登录。' : undefined}
              onConfirm={() =>
                statusChange.mutateAsync({ id: r.id, status: r.status === 'active' ? 'disabled' : 'active' }).then((res) => {
                  void message.success(res.msg);
                  reload(consoleOperatorsApi.list);
                }, failed)
              }
            >
              <Button size="small">{r.status === 'active' ? '停 用' : '启 用'}</Button>
            </Popconfirm>
            <Popconfirm
              title={`重置 ${r.username} 的密码？`}
              description="同时解绑身份验证器，本人下次登录时重新绑定。"
              onConfirm={() => reset.mutateAsync({ id: r.id }).then((res) => show(res.data, '密码已重置'), failed)}
            >
              <Button size="small">重置密码</Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <>
      <div className={shared.pageHead}>
        <h1 className={shared.pageTitle}>运营账号</h1>
        <Button type="primary" onClick={() => setCreating(true)}>
          新建账号
        </Button>
      </div>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card>
        <Table
          rowKey="id"
          loading={rows === null && !error}
          columns={columns}
          dataSource={rows ?? []}
          pagination={false}
          scroll={rows?.length ? { x: 900 } : undefined}
          locale={{ emptyText: <Empty description="还没有运营账号" /> }}
        />
      </Card>
      <Modal title="新建运营账号" open={creating} onCancel={() => setCreating(false)} onOk={() => form.submit()} okText="创 建" destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={create} requiredMark={false} initialValues={{ role: 'reviewer' }}>
          <Form.Item label="账号" name="username" rules={[zodRule(OperatorCreateInput.shape.username)]}>
            <Input maxLength={32} placeholder="字母、数字、下划线或点" />
          </Form.Item>
          <Form.Item label="角色" name="role" rules={[zodRule(OperatorCreateInput.shape.role)]}>
            <Select options={OPERATOR_ROLES.map((r) => ({ value: r, label: OPERATOR_ROLE_LABEL[r] }))} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal title={issued?.title} open={issued !== null} onCancel={() => setIssued(null)} footer={<Button onClick={() => setIssued(null)}>我已记下</Button>}>
        <Alert type="warning" showIcon title="密码只显示这一次，请当面交给本人，不要通过聊天工具发送。" />
        <p>
          账号：<strong>{issued?.username}</strong>
        </p>
        <p>
          初始密码：
          <Typography.Text copyable code data-testid="issued-password">
            {issued?.password}
          </Typography.Text>
        </p>
        <p className={shared.sub}>本人首次登录时绑定身份验证器。</p>
      </Modal>
    </>
  );
}
