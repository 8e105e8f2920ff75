'use client';
// 包名管理: the apps allowed to use the company's SDK interfaces. A list filtered by platform and a
// search, a dialog to register or change an app (the same rules as the server: contracts'
// SavePackageNameInput), and a switch to enable or disable one, confirmed first. With nothing
// registered, a designed empty state says what the list is for and which interfaces need it.
import { type PackageNameView, type PackagePlatform, PACKAGE_LIMITS, PACKAGE_PLATFORMS, packageNamesApi, type SdkInterface } from '@apimarket/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Segmented,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import Link from 'next/link';
import { useState } from 'react';
import { serverMessage } from '@/lib/api/errors';
import { useCall, useCallMutation } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { formProblems, type PackageFormValues } from './package-form';
import styles from './package-names.module.css';

type PlatformFilter = '' | PackagePlatform;
const BLANK: PackageFormValues = { platform: 'android', appName: '', packageName: '', signature: '', remark: '' };

export function PackageNames() {
  const { message } = App.useApp();
  const [platform, setPlatform] = useState<PlatformFilter>('');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<PackageNameView | 'new' | null>(null);
  const list = useCall(packageNamesApi.list, { platform, keyword }, { quiet: true });
  // Everything registered (unfiltered), to tell an empty account from an empty search.
  const everything = useCall(packageNamesApi.list, { platform: '', keyword: '' }, { quiet: true });
  const rows: PackageNameView[] | null = list.data?.rows ?? (list.isError ? [] : null);
  const sdk: SdkInterface[] = everything.data?.sdkInterfaces ?? [];
  const readOnly = everything.data?.readOnly ?? false;
  const none = everything.data !== undefined && everything.data.total === 0;

  const status = useCallMutation(packageNamesApi.updateStatus, {
    invalidates: [packageNamesApi.list],
    onSuccess: (res) => void message.success(res.msg),
  });
  const toggle = (r: PackageNameView) => status.mutateAsync({ id: r.id, status: r.status === 'enabled' ? 'disabled' : 'enabled' }).catch(() => undefined);

  const columns: TableColumnsType<PackageNameView> = [
    { title: '应用名称', dataIndex: 'appName', key: 'appName', width: 140 },
    {
      title: '平台',
      key: 'platform',
      width: 90,
      render: (_, r) => <Tag color={r.platform === 'android' ? 'green' : 'blue'}>{PACKAGE_PLATFORMS[r.platform]}</Tag>,
    },
    { title: '包名 / Bundle ID', key: 'packageName', render: (_, r) => <span className={styles.code}>{r.packageName}</span> },
    {
      title: '签名指纹（SHA-256）',
      key: 'signature',
      width: 200,
      render: (_, r) =>
        r.signature ? (
          <Tooltip title={<span className={styles.code}>{r.signature}</span>}>
            <Typography.Text className={styles.code} copyable={{ text: r.signature, tooltips: ['复制指纹', '已复制'] }}>
              {`${r.signature.slice(0, 11)}…${r.signature.slice(-5)}`}
            </Typography.Text>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">iOS 无需</Typography.Text>
        ),
    },
    { title: '备注', dataIndex: 'remark', key: 'remark', render: (v: string) => v || '—' },
    { title: '更新时间', key: 'updatedAt', width: 170, render: (_, r) => dateTime(r.updatedAt) },
    {
      title: '状态',
      key: 'status',
      width: 110,
      render: (_, r) => {
        const on = r.status === 'enabled';
        const sw = (
          <Switch size="small" checked={on} checkedChildren="启用" unCheckedChildren="停用" disabled={readOnly} aria-label={`${r.appName} 启用状态`} />
        );
        if (readOnly) return sw;
        return (
          <Popconfirm
            title={on ? `停用「${r.appName}」？` : `启用「${r.appName}」？`}
            description={on ? '停用后，该应用发起的 SDK 接口调用将被拒绝（SYSTEM_048）。' : '启用后约 1 分钟内，该应用可调用已购的 SDK 接口。'}
            okText={on ? '停用' : '启用'}
            okButtonProps={{ danger: on }}
            cancelText="取消"
            onConfirm={() => toggle(r)}
          >
            {sw}
          </Popconfirm>
        );
      },
    },
    ...(readOnly
      ? []
      : [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_: unknown, r: PackageNameView) => (
              <Button type="link" size="small" onClick={() => setEditing(r)}>
                编辑
              </Button>
            ),
          },
        ]),
  ];

  return (
    <Card
      title="包名管理"
      extra={
        readOnly ? null : (
          <Button type="primary" onClick={() => setEditing('new')} disabled={(everything.data?.total ?? 0) >= PACKAGE_LIMITS.maxEntries}>
            登记应用
          </Button>
        )
      }
    >
      <div className={styles.notice}>
        <Alert
          type="info"
          showIcon
          title="人脸活体、本机号码认证等 SDK 类接口，只接受已登记并启用的应用发起的调用：调用时在请求头声明 X-App-Platform、X-App-Package（Android 另需 X-App-Signature 签名指纹），未登记或已停用的应用返回 SYSTEM_048，不计费。"
        />
      </div>
      {none ? (
        <Alert
          type="warning"
          showIcon
          className={styles.notice}
          title={`过渡期：贵公司尚未登记任何应用，SDK 类接口的调用暂照常应答并计费。自${
            everything.data?.enforceFrom ?? '平台另行通知之日'
          }起，或登记任一应用后，未声明已启用应用的调用将返回 SYSTEM_048。`}
        />
      ) : null}
      {readOnly ? (
        <Alert type="warning" showIcon className={styles.notice} title="包名由主账号统一管理，子账号只能查看；子账号的调用按主账号登记的应用校验。" />
      ) : null}
      {none ? (
        <EmptyState sdk={sdk} readOnly={readOnly} onAdd={() => setEditing('new')} />
      ) : (
        <>
          <div className={styles.toolbar}>
            <Segmented<PlatformFilter>
              value={platform}
              onChange={setPlatform}
              options={[
                { value: '', label: '全部' },
                { value: 'android', label: 'Android' },
                { value: 'ios', label: 'iOS' },
              ]}
            />
            <div className={styles.search}>
              <Input.Search
                placeholder="搜索应用名称或包名"
                allowClear
                maxLength={PACKAGE_LIMITS.keywordChars}
                onSearch={(v) => setKeyword(v.trim())}
                aria-label="搜索应用名称或包名"
              />
            </div>
          </div>
          <Table<PackageNameView>
            rowKey="id"
            columns={columns}
            dataSource={rows ?? []}
            loading={rows === null}
            pagination={false}
            scroll={{ x: 980 }}
            locale={{ emptyText: list.isError ? '暂时无法读取包名，请稍后刷新' : '没有符合条件的应用' }}
          />
          <SdkInterfaces sdk={sdk} />
        </>
      )}
      {editing ? <PackageDialog entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function SdkInterfaces({ sdk }: { sdk: SdkInterface[] }) {
  const bought = sdk.filter((i) => i.purchased);
  if (bought.length === 0) return null;
  return (
    <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
      校验登记应用的已购接口：{bought.map((i) => i.interfaceName).join('、')}
    </Typography.Paragraph>
  );
}

function EmptyState({ sdk, readOnly, onAdd }: { sdk: SdkInterface[]; readOnly: boolean; onAdd: () => void }) {
  const bought = sdk.filter((i) => i.purchased);
  return (
    <div className={styles.empty} data-testid="package-empty">
      <div className={styles.emptyTitle}>还没有登记应用</div>
      <Typography.Paragraph type="secondary">
        SDK 类接口的输入来自用户手机上的 SDK（活体采集、运营商取号），平台据此确认调用来自贵司自己的 App：
      </Typography.Paragraph>
      <ol className={styles.steps}>
        <li>登记 App：Android 填写包名与签名证书的 SHA-256 指纹（keytool -list -v -keystore 你的签名文件），iOS 填写 Bundle ID；</li>
        <li>调用接口时在请求头带上 X-App-Platform、X-App-Package（Android 另加 X-App-Signature）；</li>
        <li>停用某个 App 后，它发起的调用立即被拒绝（SYSTEM_048），不计费。</li>
      </ol>
      {bought.length > 0 ? (
        <>
          <div>已购接口中需要登记应用的：</div>
          <div className={styles.interfaces}>
            {bought.map((i) => (
              <Tag key={i.interfaceId} color="blue">
                {i.interfaceName}
              </Tag>
            ))}
          </div>
        </>
      ) : (
        <>
          <div>贵司尚未购买需要登记应用的接口，可了解：</div>
          <div className={styles.interfaces}>
            {sdk.map((i) => (
              <Link key={i.interfaceId} href={`/api/${i.interfaceId}`}>
                {i.interfaceName}
              </Link>
            ))}
          </div>
        </>
      )}
      {readOnly ? null : (
        <Button type="primary" onClick={onAdd} style={{ marginTop: 24 }}>
          登记第一个应用
        </Button>
      )}
    </div>
  );
}

function PackageDialog({ entry, onClose }: { entry: PackageNameView | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PackageFormValues>();
  const platform = Form.useWatch('platform', form) ?? entry?.platform ?? 'android';
  const saving = useCallMutation(packageNamesApi.save, {
    quiet: true,
    invalidates: [packageNamesApi.list],
    onSuccess: (res) => {
      message.success(res.msg);
      onClose();
    },
  });
  const submit = async () => {
    const values = { ...BLANK, ...form.getFieldsValue() };
    const problems = formProblems(values);
    form.setFields(
      (['platform', 'appName', 'packageName', 'signature', 'remark'] as const).map((name) => ({ name, errors: problems[name] ? [problems[name]] : [] })),
    );
    if (Object.keys(problems).length) return;
    await saving.mutateAsync({ ...values, ...(entry ? { id: entry.id } : {}) }).catch((err: unknown) => {
      const msg = serverMessage(err);
      if (msg) form.setFields([{ name: 'packageName', errors: [msg] }]);
    });
  };
  return (
    <Modal
      open
      title={entry ? '编辑应用' : '登记应用'}
      okText="保存"
      cancelText="取消"
      onOk={submit}
      confirmLoading={saving.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<PackageFormValues> form={form} layout="vertical" initialValues={entry ? { ...entry } : BLANK} onFinish={submit} data-testid="package-form">
        <Form.Item label="平台" name="platform">
          <Radio.Group
            options={[
              { value: 'android', label: 'Android' },
              { value: 'ios', label: 'iOS' },
            ]}
            optionType="button"
          />
        </Form.Item>
        <Form.Item label="应用名称" name="appName" required>
          <Input maxLength={PACKAGE_LIMITS.appNameChars} showCount placeholder="如：示例商城" />
        </Form.Item>
        <Form.Item
          label={platform === 'android' ? 'Android 包名' : 'Bundle ID'}
          name="packageName"
          required
          extra={platform === 'android' ? '至少两段、以点分隔，每段以字母开头，如 com.example.app' : '反向域名格式，如 com.example.app'}
        >
          <Input placeholder="com.example.app" maxLength={platform === 'android' ? PACKAGE_LIMITS.androidChars : PACKAGE_LIMITS.iosChars} />
        </Form.Item>
        {platform === 'android' ? (
          <Form.Item label="签名证书 SHA-256 指纹" name="signature" required extra="64 位十六进制，冒号可有可无、大小写均可；用 keytool -list -v 查看签名证书">
            <Input.TextArea rows={2} placeholder="AB:CD:EF:…" />
          </Form.Item>
        ) : null}
        <Form.Item label="备注" name="remark">
          <Input maxLength={PACKAGE_LIMITS.remarkChars} showCount placeholder="选填，如：正式版 / 测试版" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
