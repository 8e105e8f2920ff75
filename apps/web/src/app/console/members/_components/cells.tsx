'use client';
// The cells the member list and 半年未登录 show alike: the account (its name opens the drawer)
// and its last sign-in.
import { Button } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { TwoLines } from '@/components/console/ConsoleList';
import shared from '@/components/console/console.module.css';
import { dateTime } from '@/lib/format';
import styles from './members.module.css';

/** The login name as a link to the account's drawer, and what tells the account apart under it. */
export function AccountCell({ row, onOpen, children }: { row: { id: number; loginName: string }; onOpen: (id: number) => void; children: React.ReactNode }) {
  return (
    <TwoLines sub={children}>
      <Button type="link" size="small" className={styles.nameLink} onClick={() => onOpen(row.id)}>
        {row.loginName}
      </Button>
    </TwoLines>
  );
}

/** 最近登录, or 从未登录 for an account that never signed in. */
export function lastLoginColumn<Row extends { lastLoginAt: string | null }>(): ColumnType<Row> {
  return {
    title: '最近登录',
    dataIndex: 'lastLoginAt',
    width: 170,
    render: (v: string | null) => (v ? dateTime(v) : <span className={shared.sub}>从未登录</span>),
  };
}
