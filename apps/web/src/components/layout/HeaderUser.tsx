'use client';
// The header's account corner (spec 01 §2.4, §6): login and register links for visitors, the
// user dropdown (user center, log out) once the login state has loaded.
import { LOGOUT_TOAST_MS } from '@apimarket/contracts';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { request } from '@/lib/api/client';
import { toastNetworkError, toastSuccess } from '@/lib/api/notify';
import styles from './HeaderUser.module.css';
import { useLoginState } from './useLoginState';

/** Log out, tell the user, and reload so every part of the page forgets the account. */
export async function logout(): Promise<void> {
  // The declarations carry zod schemas: fetched on the click, not with every public page.
  const contracts = await import('@apimarket/contracts').catch(() => null);
  if (!contracts) return void toastNetworkError();
  try {
    await request(contracts.identityApi.logout);
  } catch {
    return; // the request client has told the user
  }
  void toastSuccess('退出成功', LOGOUT_TOAST_MS / 1000);
  window.setTimeout(() => window.location.reload(), LOGOUT_TOAST_MS);
}

export function HeaderUser() {
  const state = useLoginState();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (state.kind === 'loading') return <div className={styles.placeholder} aria-hidden="true" />;
  if (state.kind === 'anonymous') {
    return (
      <div className={styles.links}>
        <Link href="/login" className={styles.login}>
          登录
        </Link>
        <Link href="/register" className={styles.register}>
          免费注册
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.user} ref={box}>
      <button type="button" className={styles.trigger} aria-expanded={open} onClick={() => setOpen(!open)} data-testid="user-menu">
        <span className={styles.avatar} aria-hidden="true">
          {state.loginName.slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.name}>{state.loginName}</span>
      </button>
      {open ? (
        <ul className={styles.menu}>
          <li>
            <Link href="/userCenter">用户中心</Link>
          </li>
          <li>
            <button type="button" onClick={logout}>
              退出登录
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
