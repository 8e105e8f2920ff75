'use client';
// 切换子账号 (spec 02 §2): the parent's sub-accounts, loaded when the list opens. Choosing one
// stores the new session (the server sets the cookies), opens the user center and reloads after
// 500 ms; a refusal shows the server's msg.
import { CHILD_SWITCH_RELOAD_MS } from '@apimarket/contracts';
import { App, Dropdown, type MenuProps } from 'antd';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { request } from '../../lib/api/client';
import { serverMessage } from '../../lib/api/errors';
import { UC } from '../../lib/user-center';

interface Child {
  id: number;
  mname: string;
  userName: string;
}

type Loaded = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; rows: Child[] } | { kind: 'failed' };

export function ChildSwitch({ children }: { children: React.ReactElement }) {
  const { message } = App.useApp();
  const router = useRouter();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'idle' });

  const load = async () => {
    setLoaded({ kind: 'loading' });
    try {
      const res = await request<{ rows: Child[] }>('myAccount/getChild', { encrypt: true });
      setLoaded({ kind: 'ready', rows: res.rows });
    } catch {
      setLoaded({ kind: 'failed' }); // spec 02 §8: swallowed; the list says it could not load
    }
  };

  const choose = async (childId: number) => {
    try {
      await request('myAccount/changeLogin', { encrypt: true, data: { childId } });
    } catch (err) {
      const msg = serverMessage(err);
        if (msg) message.error(msg);
      return;
    }
    router.push(UC);
    window.setTimeout(() => window.location.reload(), CHILD_SWITCH_RELOAD_MS);
  };

  let items: MenuProps['items'];
  if (loaded.kind === 'ready' && loaded.rows.length > 0) {
    items = loaded.rows.map((c) => ({ key: String(c.id), label: `${c.mname}${c.userName ? `（${c.userName}）` : ''}`, onClick: () => void choose(c.id) }));
  } else {
    const text = { idle: '加载中…', loading: '加载中…', failed: '子账号加载失败，请稍后再试', ready: '暂无子账号，可在「账号管理」中创建' }[loaded.kind];
    items = [{ key: 'empty', label: text, disabled: true }];
  }

  return (
    <Dropdown
      menu={{ items }}
      trigger={['click']}
      onOpenChange={(open) => {
        if (open) void load();
      }}
    >
      {children}
    </Dropdown>
  );
}
