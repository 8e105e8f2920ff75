'use client';
// What every user-center screen may need to know about the signed-in account, loaded once by
// the layout on the server and kept fresh here (the unread count changes as messages are read).
import { identityApi, type UserState } from '@apimarket/contracts';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { request } from '@/lib/api/client';

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
  const [user, setUser] = useState(initial.user);
  const refreshUser = useCallback(async () => {
    try {
      const res = await request(identityApi.loginState, {}, { loginStateCheck: true, silent: true });
      setUser(res.data);
    } catch {
      // Spec 02 §8: a failed user-state load is swallowed; the values already shown stay.
    }
  }, []);
  const value = useMemo(() => ({ ...initial, user, refreshUser }), [initial, user, refreshUser]);
  return <UcContext.Provider value={value}>{children}</UcContext.Provider>;
}

export function useUserCenter(): UcContextValue {
  const value = useContext(UcContext);
  if (!value) throw new Error('useUserCenter outside the user center layout');
  return value;
}
