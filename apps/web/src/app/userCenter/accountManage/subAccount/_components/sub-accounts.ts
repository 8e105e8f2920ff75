// The 子账号管理 screen's decisions that need no React: what the head and the billing cell say,
// which form field a server refusal belongs under, and the save call's input from the form.
import { formatFen, MSG, SUB_MSG, type SubAccountConf, type SubAccountRow, type SubAccountSaveInput } from '@apimarket/contracts';
import type { z } from 'zod';

/** The head's count: 「已启用 3 / 上限 20」. Disabled sub-accounts take no place (accountConf's `used`), so the count says 启用. */
export function countText(conf: Pick<SubAccountConf, 'used' | 'maxSubAccounts'>): string {
  return `已启用 ${conf.used} / 上限 ${conf.maxSubAccounts}`;
}

/** No more sub-accounts may be made: the create button is off and says why. */
export function atLimit(conf: Pick<SubAccountConf, 'used' | 'maxSubAccounts'> | undefined): boolean {
  return conf !== undefined && conf.used >= conf.maxSubAccounts;
}

/** The billing cell: the mode, and in amount mode what is left to spend (「剩余额度 1,280.00 元」). */
export function billingText(row: Pick<SubAccountRow, 'billingMode' | 'billingModeLabel' | 'amountLeftFen'>): { mode: string; left: string | null } {
  return { mode: row.billingModeLabel, left: row.billingMode === 'amount' ? `剩余额度 ${formatFen(row.amountLeftFen)} 元` : null };
}

export interface SubAccountValues {
  loginName?: string;
  contacter: string;
  mobile: string;
  subCompanyName?: string;
  companyInfoVisible: boolean;
  passwordDelivery?: 'show' | 'sms';
}

/** What the dialog opens with: a new sub-account's defaults, or the row being edited (its phone is masked, so left empty). */
export function initialValues(row: SubAccountRow | null): SubAccountValues {
  if (!row) return { loginName: '', contacter: '', mobile: '', subCompanyName: '', companyInfoVisible: false, passwordDelivery: 'show' };
  return { contacter: row.contacter, mobile: '', subCompanyName: row.subCompanyName, companyInfoVisible: row.companyInfoVisible };
}

/** The save call's input: a change carries the id and never a login name or a password choice. */
export function saveInput(values: SubAccountValues, editing: SubAccountRow | null): z.input<typeof SubAccountSaveInput> {
  const common = {
    contacter: values.contacter.trim(),
    mobile: values.mobile.trim(),
    subCompanyName: (values.subCompanyName ?? '').trim(),
    companyInfoVisible: values.companyInfoVisible ? '1' : '0',
  };
  // The password choice is a new sub-account's only (resetPassword has its own).
  if (editing) return { id: String(editing.id), ...common, passwordDelivery: undefined };
  return { ...common, loginName: (values.loginName ?? '').trim(), passwordDelivery: values.passwordDelivery ?? 'show' };
}

/** The field a refusal of the save call belongs under; null: shown above the form. */
export function fieldOf(msg: string): keyof SubAccountValues | null {
  if (msg === SUB_MSG.nameTaken || msg === MSG.username || msg.includes('用户名')) return 'loginName';
  if (msg === SUB_MSG.subCompanyName || msg.includes('部门')) return 'subCompanyName';
  if (msg.includes('手机号')) return 'mobile';
  if (msg.includes('联系人')) return 'contacter';
  return null;
}

/** Department names offered while typing: those containing what is typed, as typed first. */
export function departmentOptions(names: readonly string[], typed: string): { value: string }[] {
  const text = typed.trim().toLowerCase();
  const seen = new Set<string>();
  const out: { value: string }[] = [];
  for (const name of names) {
    const clean = name.trim();
    if (!clean || seen.has(clean) || (text && !clean.toLowerCase().includes(text))) continue;
    seen.add(clean);
    out.push({ value: clean });
  }
  return out;
}
