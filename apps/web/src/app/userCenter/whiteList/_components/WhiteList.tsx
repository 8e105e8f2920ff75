'use client';
// IP whitelist: add addresses or CIDR blocks (IPv4/IPv6) for one purchased interface or for all,
// list them, delete them. The same syntax rule as the server (contracts), so a typo is caught here.
import { type IpBindingRow, splitIps, whitelistProblem } from '@apimarket/contracts';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Select, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { request } from '../../../../lib/api/client';
import { serverMessage } from '../../../../lib/api/errors';
import { dateTime } from '../../../../lib/format';
import styles from './white-list.module.css';

interface Purchased {
  interfaceId: number;
  interfaceName: string;
}

export function WhiteList() {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ interfaceId: number; ip: string }>();
  const [rows, setRows] = useState<IpBindingRow[] | null>(null);
  const [purchased, setPurchased] = useState<Purchased[]>([]);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    try {
      setRows((await request<{ rows: IpBindingRow[] }>('myAccount/getIpWhite', { method: 'GET' })).rows);
    } catch {
      setRows([]);
    }
  }, []);

  useEffect(() => {
    void load();
    request<{ rows: Purchased[] }>('UserCenter/FindInterfaceInfo', { method: 'GET' })
      .then((r) => setPurchased(r.rows))
      .catch(() => setPurchased([]));
  }, [load]);

  const add = async (values: { interfaceId: number; ip: string }) => {
    setSaving(true);
    try {
      const res = await request<{ msg: string }>('UserCenter/SaveIpBinding', { data: { ip: values.ip, interfaceId: values.interfaceId } });
      message.success(res.msg);
      form.setFieldValue('ip', '');
      await load();
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) form.setFields([{ name: 'ip', errors: [msg] }]);
    } finally {
      setSaving(false);
    }
  };

  const drop = async (id: number) => {
    try {
      const res = await request<{ msg: string }>('UserCenter/DropIpBinding', { data: { id } });
      message.success(res.msg);
      await load();
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    }
  };

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
        <Button type="primary" htmlType="submit" loading={saving}>
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
