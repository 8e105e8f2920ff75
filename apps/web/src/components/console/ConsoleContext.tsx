'use client';
// The signed-in operator and the one way console screens call the server: console/<path>,
// where a lost session (ALL_0024) brings back the console's own sign-in instead of the
// member's /login.
import type { ConsoleOperator } from '@apimarket/contracts';
import { createContext, useCallback, useContext, useMemo } from 'react';
import { type ClientOptions, request } from '../../lib/api/client';
import { ApiError } from '../../lib/api/errors';

interface ConsoleState {
  operator: ConsoleOperator;
  call<T = unknown>(path: string, options?: ClientOptions): Promise<T>;
}

const Ctx = createContext<ConsoleState | null>(null);

export function ConsoleProvider({
  operator,
  onSignedOut,
  children,
}: {
  operator: ConsoleOperator;
  onSignedOut: () => void;
  children: React.ReactNode;
}) {
  const call = useCallback(
    async <T,>(path: string, options: ClientOptions = {}): Promise<T> => {
      try {
        return await request<T>(`console/${path}`, { ...options, loginStateCheck: true });
      } catch (err) {
        if (err instanceof ApiError && err.code === 'ALL_0024') onSignedOut();
        throw err;
      }
    },
    [onSignedOut],
  );
  const value = useMemo(() => ({ operator, call }), [operator, call]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useConsole(): ConsoleState {
  const state = useContext(Ctx);
  if (!state) throw new Error('useConsole outside the console');
  return state;
}
