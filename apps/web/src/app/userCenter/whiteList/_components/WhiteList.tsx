'use client';
// IP whitelist: add addresses or CIDR blocks (IPv4/IPv6) for one purchased interface or for all,
// list them, delete them. The same syntax rule as the server (contracts), so a typo is caught here.
import { type IpBindingRow, splitIps, whitelistApi, whitelistProblem } from '@apimarket/contracts';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Select, Table, type TableColumnsType } from 'antd';
import { serverMessage } from '@/lib/api/errors';
import { useCall, useCallMutation } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import styles from './white-list.module.css';

export function WhiteList() {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ interfaceId: number; ip: string }>();
  // A list that cannot load shows as empty, and the interface choice as "all" only.
  const bindings = useCall(whitelistApi.list, {}, { quiet: true });
  const purchased = useCall(whitelistApi.purchased, {}, { quiet: true }).data?.rows ?? [];
  const rows: IpBindingRow[] | null = bindings.data?.rows ?? (bindings.isError ? [] : null);

  // A refusal belongs under the address field.
  const saving = useCallMutation(whitelistApi.save, {
    quiet: true,
    invalidates: [whitelistApi.list],
    onSuccess: (res) => {
      message.success(res.msg);
      form.setFieldValue('ip', '');
    },
  });
  const add = (values: { interfaceId: number; ip: string }) =>
    saving.mutateAsync({ ip: values.ip, interfaceId: values.interfaceId }).catch((err: unknown) => {
      const msg = serverMessage(err);
      if (msg) form.setFields([{ name: 'ip', errors: [msg] }]);
    });

  const dropping = useCallMutation(whitelistApi.drop, { invalidates: [whitelistApi.list], onSuccess: (res) => void message.success(res.msg) });
  const drop = (id: number) => dropping.mutateAsync({ id }).catch(() => undefined);

  const columns: TableColumnsType<IpBindingRow> = [
    { title: '适用接口', dataIndex: 'interfaceName', key: 'interfaceName' },
    { title: 'IP 地址 / 网段', dataIndex: 'ip', key: 'ip', render: (ip: string) => <code>{ip}</code> },
    { title: '添加时间', key: 'createdAt', render: (_, r) => dateTime(r.createdAt) },
    {
      title: '操作',
      key: 'actions',
      render: (_, r) => (
        <Popconfirm title="删除后，该地址将不能再调用对应接口（若仍有其他白名单）。确定删除？" okText="删除" cancelText="取消" onConfirm={() => drop(r.id)}>
          <Button type="link" danger size="small">
            删除
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card title="IP白名单">
      <Alert
        type="info"
        showIcon
        className={styles.notice}
        title="未设置白名单的接口可从任意地址调用；为接口（或全部接口）添加地址后，只接受来自这些地址的调用，其他地址返回 SYSTEM_012。"
      />
      <Form form={form} layout="vertical" onFinish={add} initialValues={{ interfaceId: 0, ip: '' }} className={styles.form}>
        <Form.Item label="适用接口" name="interfaceId">
          <Select
            options={[{ value: 0, label: '全部已购接口' }, ...purchased.map((p) => ({ value: p.interfaceId, label: p.interfaceName }))]}
            aria-label="适用接口"
          />
        </Form.Item>
        <Form.Item
          label="IP 地址"
          name="ip"
          extra="支持 IPv4、IPv6 与网段（如 203.0.113.0/24），多个地址用逗号或换行分隔，一次最多 20 个"
          rules={[
            {
              validator: (_r, value: string) => {
                const problem = whitelistProblem(splitIps(value ?? ''));
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={3} placeholder={'203.0.113.7\n198.51.100.0/24'} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving.isPending}>
          添加
        </Button>
      </Form>
      <Table<IpBindingRow>
        rowKey="id"
        columns={columns}
        dataSource={rows ?? []}
        loading={rows === null}
        pagination={false}
        scroll={rows?.length ? { x: 640 } : undefined}
        locale={{ emptyText: '还没有白名单：所有接口可从任意地址调用' }}
      />
    </Card>
  );
}
