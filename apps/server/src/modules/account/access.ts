// Who may use which part of the user center, decided on the server for every call (the pages'
// gate and disabled menus are only the visible half). A sub-account acts for its parent's
// company: the parent's enterprise authentication is what counts.
import { BILLING_MSG, DEFAULT_MAIN_FEATURES, DEFAULT_SUB_FEATURES, FEATURE, featureMissing, GRANTABLE_FEATURES } from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { members } from '../../db/schema';
import { AppError, Forbidden } from '../../http/errors';
import { requireMember } from '../../http/wire';
import type { SessionMember } from '../identity/session.service';
import { currentQualification } from '../qualification/qualification.service';

export interface Account extends SessionMember {
  isSub: boolean;
  /** The account whose company this is: the parent of a sub-account, else itself. */
  companyOwnerId: number;
}

export function accountOf(member: SessionMember): Account {
  return { ...member, isSub: member.parentId !== null, companyOwnerId: member.parentId ?? member.memberId };
}

export async function isQualified(db: Db, account: Account): Promise<boolean> {
  return (await currentQualification(db, account.companyOwnerId))?.status === 'approved';
}

/** The grantable codes an account holds: what an operator granted, or its kind's defaults (never 15 for a sub-account). */
export function grantedFeatures(row: { featureCodes: number[] | null; parentId: number | null }): number[] {
  const isSub = row.parentId !== null;
  return (row.featureCodes ?? (isSub ? DEFAULT_SUB_FEATURES : DEFAULT_MAIN_FEATURES)).filter(
    (c) => GRANTABLE_FEATURES.includes(c) && !(isSub && c === FEATURE.accountManagement),
  );
}

/**
 * The menu codes a member holds: its own grant, and for a sub-account only those its main account
 * holds too — withdrawing a menu from a company withdraws it from the company's sub-accounts, which
 * spend the company's purchases.
 */
export async function heldFeatures(db: Db, memberId: number): Promise<number[]> {
  const read = (id: number) => db.select({ featureCodes: members.featureCodes, parentId: members.parentId }).from(members).where(eq(members.id, id));
  const [row] = await read(memberId);
  if (!row) return [];
  const own = grantedFeatures(row);
  if (row.parentId === null) return own;
  const [parent] = await read(row.parentId);
  const theirs = parent ? grantedFeatures(parent) : [];
  return own.filter((c) => theirs.includes(c));
}

/** The account holds the menu code a call is declared behind (ALL_0010 with 「未开通」 words otherwise). */
export async function requireFeature(db: Db, account: Account, code: number): Promise<void> {
  if (!(await heldFeatures(db, account.memberId)).includes(code)) throw new Forbidden(featureMissing(code));
}

/** Logged in (ALL_0024 otherwise). */
export async function requireAccount(request: FastifyRequest): Promise<Account> {
  return accountOf(await requireMember(request));
}

/** Logged in and the company authenticated (ALL_0060 otherwise). */
export async function requireQualified(request: FastifyRequest, db: Db): Promise<Account> {
  const account = await requireAccount(request);
  if (!(await isQualified(db, account))) throw new AppError('ALL_0060');
  return account;
}

/**
 * Logged in and allowed to read the company's enterprise authentication: a main account always,
 * a sub-account only when its parent made the company information visible (spec 02 §6).
 */
export async function requireCompanyView(request: FastifyRequest, db: Db): Promise<Account> {
  const account = await requireAccount(request);
  if (account.isSub) {
    const [row] = await db.select({ visible: members.companyInfoVisible }).from(members).where(eq(members.id, account.memberId));
    if (!row?.visible) throw new Forbidden('主账号未向子账号开放企业信息');
  }
  return account;
}

/**
 * The company's money — balance, orders, recharges, payments, ledger, statements — is read by its
 * main account only (Decision 180): a sub-account never reads its main account's records. Answers
 * the member id the records are kept under.
 */
export function companyMoneyReader(account: Account): number {
  if (account.isSub) throw new Forbidden(BILLING_MSG.subAccountMoney);
  return account.memberId;
}
