'use client';
// What both tabs and the dialogs read: the main account's sub-accounts (for the selects and to
// know each one's billing mode) and its purchases that can be assigned, one cached call each.
import { MAX_PAGE_SIZE, productsApi, type SubAccountRow, subAccountsApi } from '@apimarket/contracts';
import { useCall } from '@/lib/api/query';

export const SUB_ACCOUNTS_HREF = '/userCenter/accountManage/subAccount';

/**
 * Every sub-account in one page: a main account has at most 20 unless an operator raised it, so
 * one page of 100 holds them all (a longer family would need a searching select).
 */
export function useSubAccounts() {
  const query = useCall(subAccountsApi.list, { pageNum: 1, pageSize: MAX_PAGE_SIZE }, { quiet: true });
  const rows: SubAccountRow[] = query.data?.rows ?? [];
  return { rows, total: query.data?.total ?? 0, loading: query.isPending, failed: query.isError && !query.data };
}

export function useAssignable() {
  const query = useCall(productsApi.interfaceList, undefined, { quiet: true });
  return { rows: query.data?.rows ?? [], loading: query.isPending, failed: query.isError && !query.data };
}

/** 登录名（联系人）, as a person picks a sub-account. */
export function subLabel(s: { loginName: string; contacter: string }): string {
  return s.contacter ? `${s.loginName}（${s.contacter}）` : s.loginName;
}

export const count = (n: number) => n.toLocaleString('zh-CN');
export const times = (n: number) => `${count(n)} 次`;
