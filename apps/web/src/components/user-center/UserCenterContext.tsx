'use client';
// What every user-center screen may need to know about the signed-in account, loaded once by
// the layout on the server and kept fresh here (the unread count changes as messages are read).
import { identityApi, type UserState } from '@apimarket/contracts';
import { createContext, useCallback, useContext, useMemo } from 'react';
import { useCall } from '@/lib/api/query';

/** The signed-in account as memberShip/isLoginState answers it. */
export type UcUser = UserState;

export interface UcState {
  user: UcUser;
  codes: number[];
  qualified: boolean;
  /** Bought a truck score model (spec 02 §6): opens the truck model screens. */
  truckModel: boolean;
}

interface UcContextValue extends UcState {
  /** Read the unread count (and the rest of the user state) again. */
  refreshUser(): Promise<void>;
}

const UcContext = createContext<UcContextValue | null>(null);

export function UserCenterProvider({ initial, children }: { initial: UcState; children: React.ReactNode }) {
  // Loaded by the layout on the server first; read again only when a screen asks (refreshUser).
  // Spec 02 §8: a failed user-state load is swallowed (quiet, silent) and the values shown stay.
  const { data, refetch } = useCall(identityApi.loginState, {}, { enabled: false, quiet: true, silent: true, loginStateCheck: true });
  const user = data?.data ?? initial.user;
  const refreshUser = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const value = useMemo(() => ({ ...initial, user, refreshUser }), [initial, user, refreshUser]);
  return <UcContext.Provider value={value}>{children}</UcContext.Provider>;
}

export function useUserCenter(): UcContextValue {
  const value = useContext(UcContext);
  if (!value) throw new Error('useUserCenter outside the user center layout');
  return value;
}
