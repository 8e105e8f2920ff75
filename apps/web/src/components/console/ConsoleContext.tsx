'use client';
// The signed-in operator, and what a lost console session does: any console call answering
// ALL_0024 (a query or a change, through useCall / usePagedList / useCallMutation) brings back
// the console's own sign-in instead of the member's /login, and drops the console's cached
// answers so the next operator never sees them.
import type { Call, ConsoleOperator } from '@apimarket/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo } from 'react';
import { ApiError } from '@/lib/api/errors';
import { callKey } from '@/lib/api/query';

interface ConsoleState {
  operator: ConsoleOperator;
}

const Ctx = createContext<ConsoleState | null>(null);

const CONSOLE_PATH = '/console/';

const sessionLost = (err: unknown) => err instanceof ApiError && err.code === 'ALL_0024';

/** Whether a cached answer belongs to a console call (its key is [method, path, input?]). */
const isConsoleKey = (key: readonly unknown[]) => typeof key[1] === 'string' && key[1].startsWith(CONSOLE_PATH);

/** Forgets every console answer (signed out, or another operator signing in). */
export function forgetConsoleAnswers(client: QueryClient): void {
  client.removeQueries({ predicate: (q) => isConsoleKey(q.queryKey) });
}

/**
 * Reloads the answers of the calls a change made stale, in the background: the screen says what
 * happened first (a slow reload must not hold back the message), then the lists catch up.
 */
export function useReload(): (...calls: readonly Call[]) => void {
  const client = useQueryClient();
  return useCallback((...calls) => void Promise.all(calls.map((c) => client.invalidateQueries({ queryKey: callKey(c) }))), [client]);
}

export function ConsoleProvider({ operator, onSignedOut, children }: { operator: ConsoleOperator; onSignedOut: () => void; children: React.ReactNode }) {
  const client = useQueryClient();

  // Every console call is declared with an operator's access, so the request client leaves its
  // ALL_0024 to the console (no member alert); here the frame goes back to its sign-in.
  useEffect(() => {
    const lost = () => {
      forgetConsoleAnswers(client);
      onSignedOut();
    };
    const offQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isConsoleKey(event.query.queryKey) && sessionLost(event.action.error)) lost();
    });
    const offMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && sessionLost(event.action.error)) lost();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [client, onSignedOut]);

  const value = useMemo(() => ({ operator }), [operator]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useConsole(): ConsoleState {
  const state = useContext(Ctx);
  if (!state) throw new Error('useConsole outside the console');
  return state;
}
