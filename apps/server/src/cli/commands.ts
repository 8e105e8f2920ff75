// Operator commands of `npm run console -- …` (the command line; the operator console's screens
// live in modules/console and call the same services). One function runs a command line against
// the services; the CLI calls it directly when no server is running, or through the running
// server's console socket (the embedded database admits one process only).
import {
  firstMessage,
  maskEmail,
  maskPhone,
  MemberFeatureCodes,
  OperatorCreateInput,
  OPERATOR_ROLE_LABEL,
  OPERATOR_ROLES,
  yuanToFen,
} from '@apimarket/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { members, outbox, qualifications, recharges } from '../db/schema';
import { AppError } from '../http/errors';
import { listOpenRefunds } from '../modules/purchases/refunds.service';
import { pendingPayTests } from '../modules/paytest/paytest.service';
import { recordAudit } from '../modules/console/audit.service';
import { decideRechargeAs, decideRefundAs } from '../modules/console/finance.service';
import { decidePayTestAs } from '../modules/console/pay-tests.service';
import { decideQualificationAs } from '../modules/console/qualifications.service';
import { CLI_ACTOR, createOperator, resetOperator } from '../modules/console/operators.service';
import { memberFeatureCodes, setMemberFeatures } from '../modules/console/members.service';

export class CommandError extends Error {
  override name = 'CommandError';
}

export const USAGE = `用法: npm run console -- <命令>
  qualification list                          待审核的企业认证
  qualification approve <登录名>              通过企业认证
  qualification reject <登录名> <驳回原因>    驳回企业认证（原因会发给客户）
  recharge list                               待确认的对公转账充值
  recharge confirm <编号>                     确认到账（只入账一次）
  recharge reject <编号> <原因>               驳回充值申请
  refund list                                 待审核的退款申请
  refund approve <编号> [金额元]              通过退款（收回调用次数，退回余额；可填更低的金额）
  refund reject <编号> <原因>                 驳回退款申请（原因会发给客户）
  paytest list                                待审核的付费测试申请
  paytest approve <编号>                      通过付费测试（从余额扣测试费，开通测试次数）
  paytest reject <编号> <原因>                驳回付费测试申请
  features <登录名>                           查看账号开通的功能编码
  features <登录名> <编码,编码…|default>      设置开通的功能编码（default: 恢复默认）
  create-operator <账号> <角色>               创建运营后台账号（角色: ${OPERATOR_ROLES.join('|')}；只打印一次初始密码）
  reset-operator <账号>                       重置运营账号的密码并解绑身份验证器
  outbox                                      未送达的短信和邮件（重试中或失败）及服务商给出的原因`;

export interface CommandDeps {
  db: Db;
}

/** Run one command; answers the text to print, or throws CommandError with what went wrong. */
export async function runCommand(deps: CommandDeps, argv: string[]): Promise<string> {
  try {
    return await dispatch(deps, argv);
  } catch (err) {
    // What a service refuses (not found, already decided elsewhere…) is the command's answer, as in the console.
    if (err instanceof AppError) throw new CommandError(err.message);
    throw err;
  }
}

/** `<编号> [词…]` of a decision: the request's id and the words after it. */
function numbered(rest: string[]): { id: number; words: string[] } {
  const [idText, ...words] = rest;
  const id = Number(idText);
  if (!Number.isInteger(id) || id <= 0) throw new CommandError(USAGE);
  return { id, words };
}

const yuan = (fen: number) => `${(fen / 100).toFixed(2)} 元`;

async function dispatch(deps: CommandDeps, argv: string[]): Promise<string> {
  const [area, action, ...rest] = argv;
  if (area === 'qualification') return qualification(deps, action, rest);
  if (area === 'features') return features(deps, action, rest[0]);
  if (area === 'recharge') return recharge(deps, action, rest);
  if (area === 'refund') return refund(deps, action, rest);
  if (area === 'paytest') return paytest(deps, action, rest);
  if (area === 'create-operator') return createOperatorCommand(deps, action, rest[0]);
  if (area === 'reset-operator') return resetOperatorCommand(deps, action);
  if (area === 'outbox') return undelivered(deps);
  if (area === undefined || area === 'help' || area === '--help') return USAGE;
  throw new CommandError(`未知命令: ${argv.join(' ')}\n${USAGE}`);
}

async function qualification({ db }: CommandDeps, action: string | undefined, rest: string[]): Promise<string> {
  if (action === 'list') {
    const rows = await db
      .select({
        loginName: members.loginName,
        companyName: qualifications.companyName,
        creditCode: qualifications.creditCode,
        createdAt: qualifications.createdAt,
      })
      .from(qualifications)
      .innerJoin(members, eq(members.id, qualifications.memberId))
      .where(eq(qualifications.status, 'pending'))
      .orderBy(desc(qualifications.id))
      .limit(200);
    if (rows.length === 0) return '没有待审核的企业认证';
    return rows.map((r) => `${r.loginName}\t${r.companyName}\t${r.creditCode}\t${r.createdAt.toISOString()}`).join('\n');
  }
  if (action !== 'approve' && action !== 'reject') throw new CommandError(USAGE);
  const [loginName, ...reasonWords] = rest;
  if (!loginName) throw new CommandError(USAGE);
  // The same audited decision as the console's, logged as the command line's.
  const { row, changed } = await decideQualificationAs(db, CLI_ACTOR, {
    application: { loginName },
    decision: action,
    reason: reasonWords.join(' '),
  });
  const verb = action === 'approve' ? '已通过' : '已驳回';
  return changed ? `${loginName}（${row.companyName}）的企业认证${verb}，已通知客户` : `${loginName} 的企业认证此前已${verb.slice(1)}，未重复处理`;
}

/**
 * Feature codes granted to an account (spec 02 §6); the always-present menus are not listed.
 * The console's 会员管理 calls the same service, and both land in the audit log.
 */
async function features({ db }: CommandDeps, loginName: string | undefined, value: string | undefined): Promise<string> {
  if (!loginName) throw new CommandError(USAGE);
  const shown = (codes: number[] | null) => (codes === null ? '默认' : codes.join(',') || '无');
  if (value === undefined) return `${loginName}: ${shown((await memberFeatureCodes(db, { loginName })).codes)}`;
  const parsed = MemberFeatureCodes.safeParse(value);
  if (!parsed.success) throw new CommandError(firstMessage(parsed.error));
  const done = await setMemberFeatures(db, CLI_ACTOR, { loginName }, parsed.data);
  if (!done.changed) return `${loginName}: 未变化，仍为${shown(done.codes)}`;
  return `${loginName}: ${done.codes === null ? '已恢复默认' : `已开通 ${shown(done.codes)}`}`;
}

/** Refund requests (myOrder/refund, myBuy/refundAll): approving takes the calls back and credits the balance once. */
async function refund({ db }: CommandDeps, action: string | undefined, rest: string[]): Promise<string> {
  if (action === 'list') {
    const rows = await listOpenRefunds(db);
    if (rows.length === 0) return '没有待审核的退款申请';
    return rows
      .map((r) =>
        [
          r.id,
          r.loginName,
          r.scope === 'order' ? `订单 ${r.orderNo ?? ''}` : '剩余全部',
          r.interfaceName,
          `${r.calls} 次`,
          yuan(r.amountFen),
          r.reason,
          r.createdAt.toISOString(),
        ].join('\t'),
      )
      .join('\n');
  }
  if (action !== 'approve' && action !== 'reject') throw new CommandError(USAGE);
  const { id, words } = numbered(rest);
  let amountFen: number | undefined;
  if (action === 'approve' && words[0] !== undefined) {
    const fen = yuanToFen(words[0]);
    if (fen === null) throw new CommandError('退款金额格式不正确（元，最多两位小数）');
    amountFen = fen;
  }
  const { row, changed } = await decideRefundAs(db, CLI_ACTOR, {
    id,
    decision: action,
    amountFen,
    reason: action === 'reject' ? words.join(' ') : '',
  });
  if (!changed) return `退款 ${id} 此前${action === 'approve' ? '已通过' : '已驳回'}，未重复处理`;
  return action === 'approve' ? `退款 ${id} 已通过：收回 ${row.calls} 次调用，退回 ${yuan(row.amountFen)}，已通知客户` : `退款 ${id} 已驳回，已通知客户`;
}

/** Declared bank transfers (Decision 7): confirming credits the balance exactly once. */
async function recharge({ db }: CommandDeps, action: string | undefined, rest: string[]): Promise<string> {
  if (action === 'list') {
    const rows = await db
      .select({ id: recharges.id, loginName: members.loginName, amountFen: recharges.amountFen, ref: recharges.transferRef, payer: recharges.payerName })
      .from(recharges)
      .innerJoin(members, eq(members.id, recharges.memberId))
      .where(eq(recharges.status, 'declared'))
      .orderBy(desc(recharges.id))
      .limit(200);
    if (rows.length === 0) return '没有待确认的充值';
    return rows.map((r) => `${r.id}\t${r.loginName}\t${yuan(r.amountFen)}\t${r.ref}\t${r.payer}`).join('\n');
  }
  if (action !== 'confirm' && action !== 'reject') throw new CommandError(USAGE);
  const { id, words: reasonWords } = numbered(rest);
  const { row, changed } = await decideRechargeAs(db, CLI_ACTOR, { id, decision: action, reason: reasonWords.join(' ') });
  const verb = action === 'confirm' ? '已确认到账' : '已驳回';
  const amount = yuan(row.amountFen);
  return changed ? `充值 ${id}（${amount}）${verb}，已通知客户` : `充值 ${id} 此前${verb}，未重复处理`;
}

/** Paid tests (Decision 8): approving debits the fee and adds the test calls, once. */
async function paytest({ db }: CommandDeps, action: string | undefined, rest: string[]): Promise<string> {
  if (action === 'list') {
    const rows = await pendingPayTests(db);
    if (rows.length === 0) return '没有待审核的付费测试申请';
    return rows
      .map((r) => [r.id, r.loginName, r.interfaceName, `${r.calls} 次`, yuan(r.feeFen), `${r.contactName} ${r.contactPhone}`, r.purpose].join('\t'))
      .join('\n');
  }
  if (action !== 'approve' && action !== 'reject') throw new CommandError(USAGE);
  const { id, words: reasonWords } = numbered(rest);
  const { row, changed } = await decidePayTestAs(db, CLI_ACTOR, { id, decision: action, reason: reasonWords.join(' ') });
  if (!changed) return `付费测试 ${id} 此前${action === 'approve' ? '已通过' : '已驳回'}，未重复处理`;
  return action === 'approve'
    ? `付费测试 ${id} 已通过：扣除 ${yuan(row.feeFen)}，开通 ${row.calls} 次测试调用，已通知客户`
    : `付费测试 ${id} 已驳回，已通知客户`;
}

/** Operator accounts of the console (issue #10); the password is printed here and nowhere else. */
async function createOperatorCommand({ db }: CommandDeps, username: string | undefined, role: string | undefined): Promise<string> {
  const parsed = OperatorCreateInput.safeParse({ username, role });
  if (!parsed.success) throw new CommandError(`${firstMessage(parsed.error)}\n${USAGE}`);
  const { password } = await db.transaction(async (tx) => {
    const created = await createOperator(tx, parsed.data);
    await recordAudit(tx, CLI_ACTOR, { action: 'operator.create', targetType: 'operator', targetId: created.id, after: parsed.data });
    return created;
  });
  return `运营账号 ${parsed.data.username}（${OPERATOR_ROLE_LABEL[parsed.data.role]}）已创建\n初始密码: ${password}\n首次登录 /console 时绑定身份验证器`;
}

async function resetOperatorCommand({ db }: CommandDeps, username: string | undefined): Promise<string> {
  if (!username) throw new CommandError(USAGE);
  const { password } = await db.transaction(async (tx) => {
    const done = await resetOperator(tx, username);
    await recordAudit(tx, CLI_ACTOR, { action: 'operator.reset', targetType: 'operator', targetId: done.id, after: { enrolled: false } });
    return done;
  });
  return `运营账号 ${username} 的密码已重置，身份验证器已解绑\n新密码: ${password}\n下次登录 /console 时重新绑定身份验证器`;
}

/**
 * Messages a carrier has not delivered: retried (queued) or given up (failed), newest first, with
 * the carrier's reason — where an operator looks when a customer says no SMS came (Decision 135).
 * Recipients are masked; the text is not shown (it may hold a code).
 */
async function undelivered({ db }: CommandDeps): Promise<string> {
  const rows = await db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      to: outbox.recipient,
      status: outbox.status,
      attempts: outbox.attempts,
      reason: outbox.lastError,
      at: outbox.createdAt,
    })
    .from(outbox)
    .where(inArray(outbox.status, ['queued', 'failed']))
    .orderBy(desc(outbox.id))
    .limit(100);
  if (rows.length === 0) return '没有未送达的短信或邮件';
  const state: Record<string, string> = { queued: '重试中', failed: '失败' };
  return rows
    .map((r) =>
      [
        r.id,
        r.at.toISOString(),
        r.channel === 'sms' ? maskPhone(r.to) : maskEmail(r.to),
        state[r.status] ?? r.status,
        `尝试${r.attempts}次`,
        r.reason ?? '',
      ].join('\t'),
    )
    .join('\n');
}
