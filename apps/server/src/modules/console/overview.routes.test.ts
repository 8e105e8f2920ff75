// The console home: the queues each role works, counted.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members, qualifications } from '../../db/schema';
import { newAccount } from '../../test/account';
import { consolePost, consoleTestApp } from '../../test/console';

const { t, ops, describeRoleMatrix } = consoleTestApp();

describeRoleMatrix('overview', { overview: {} });

describe('the console home', () => {
  it('counts the queues each role works, and only those', async () => {
    const member = await newAccount(t, '10.90.5.1');
    await t.database.db.insert(qualifications).values({
      memberId: member.memberId,
      status: 'pending',
      companyName: '上海待审数据有限公司',
      creditCode: '91310000MA1FL8TQ4X',
      legalPerson: '王五',
      licencePath: '',
      licenceType: 'image/png',
    });
    const admin = (await consolePost(t, 'overview', ops.admin)).json().data;
    expect(Object.keys(admin).sort()).toEqual(['dormant', 'leads', 'payTests', 'qualifications', 'recharges', 'refunds']);
    expect(admin.qualifications).toBeGreaterThanOrEqual(1);
    expect(Object.keys((await consolePost(t, 'overview', ops.reviewer)).json().data).sort()).toEqual(['payTests', 'qualifications']);
    expect(Object.keys((await consolePost(t, 'overview', ops.finance)).json().data).sort()).toEqual(['recharges', 'refunds']);
    expect(Object.keys((await consolePost(t, 'overview', ops.sales)).json().data)).toEqual(['leads']);
    expect((await consolePost(t, 'overview', ops.editor)).json().data).toEqual({});
  });

  it('counts an account idle for six months as dormant (Decision 9)', async () => {
    const before = (await consolePost(t, 'overview', ops.admin)).json().data.dormant;
    const idle = await newAccount(t, '10.90.5.2');
    await t.database.db
      .update(members)
      .set({ lastLoginAt: new Date(Date.now() - 200 * 86_400_000) })
      .where(eq(members.id, idle.memberId));
    expect((await consolePost(t, 'overview', ops.admin)).json().data.dormant).toBe(before + 1);
  });
});
