'use client';
// 切换子账号 (spec 02 §2): the parent's sub-accounts, loaded when the list opens. Choosing one
// stores the new session (the server sets the cookies), opens the user center and reloads after
// 500 ms; a refusal shows the server's msg.
import { accountApi, CHILD_SWITCH_RELOAD_MS } from '@apimarket/contracts';
import { Dropdown, type MenuProps } from 'antd';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useCall, useCallMutation } from '@/lib/api/query';
import { UC } from '@/lib/user-center';

export function ChildSwitch({ children }: { children: React.ReactElement }) {
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  // Loaded when the list first opens, and again on every later opening (sub-accounts change).
  // Spec 02 §8: a failure is swallowed; the list says it could not load.
  const list = useCall(accountApi.children, {}, { enabled: opened, quiet: true });
  const switching = useCallMutation(accountApi.changeLogin, {
    onSuccess: () => {
      router.push(UC);
      window.setTimeout(() => window.location.reload(), CHILD_SWITCH_RELOAD_MS);
    },
  });
  const choose = (childId: number) => switching.mutateAsync({ childId }).catch(() => undefined);

  let items: MenuProps['items'];
  const rows = list.isFetching ? [] : (list.data?.rows ?? []);
  if (rows.length > 0) {
    items = rows.map((c) => ({ key: String(c.id), label: `${c.mname}${c.userName ? `（${c.userName}）` : ''}`, onClick: () => void choose(c.id) }));
  } else {
    const text = list.isFetching || !list.isFetched ? '加载中…' : list.isError ? '子账号加载失败，请稍后再试' : '暂无子账号，可在「账号管理」中创建';
    items = [{ key: 'empty', label: text, disabled: true }];
  }

  return (
    <Dropdown
      menu={{ items }}
      trigger={['click']}
      onOpenChange={(open) => {
        if (!open) return;
        if (opened) void list.refetch();
        else setOpened(true);
      }}
    >
      {children}
    </Dropdown>
  );
}

/**
 * 返回主账号: shown only in a session the main account opened by switching in (Decision 178).
 * Same rhythm as switching in: the server sets the main account's cookies, the user center
 * opens and reloads after 500 ms; a refusal shows the server's msg.
 */
export function ReturnToMain({ children }: { children: (props: { onClick: () => void; disabled: boolean }) => React.ReactElement }) {
  const router = useRouter();
  const back = useCallMutation(accountApi.changeBack, {
    onSuccess: () => {
      router.push(UC);
      window.setTimeout(() => window.location.reload(), CHILD_SWITCH_RELOAD_MS);
    },
  });
  return children({ onClick: () => void back.mutateAsync({}).catch(() => undefined), disabled: back.isPending });
}
