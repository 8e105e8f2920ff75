'use client';
// Who is looking at the public header: the account corner and the mobile menu both ask, and share
// one isLoginState call per session cookie (a new login or logout changes the cookie, and with it
// the answer asked for).
import { COOKIE } from '@apimarket/contracts';
import { useEffect, useState } from 'react';
import { readCookie } from '@/lib/api/build';
import { request } from '@/lib/api/client';

export type LoginState = { kind: 'loading' } | { kind: 'anonymous' } | { kind: 'user'; loginName: string };

let asked: { cookie: string; answer: Promise<LoginState> } | null = null;

function ask(): Promise<LoginState> {
  const cookie = readCookie(document.cookie, COOKIE.membershipId);
  // No membershipId cookie: certainly anonymous, no need to ask.
  if (!cookie) return Promise.resolve({ kind: 'anonymous' });
  if (asked?.cookie !== cookie) {
    // The declarations carry zod schemas: fetched for a signed-in visitor, not with every public page.
    const answer = import('@apimarket/contracts')
      .then(({ identityApi }) => request(identityApi.loginState, {}, { loginStateCheck: true }))
      .then((res): LoginState => ({ kind: 'user', loginName: res.data.loginName }))
      .catch((): LoginState => ({ kind: 'anonymous' })); // a failed state check means anonymous
    asked = { cookie, answer };
  }
  return asked.answer;
}

export function useLoginState(): LoginState {
  const [state, setState] = useState<LoginState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    void ask().then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
