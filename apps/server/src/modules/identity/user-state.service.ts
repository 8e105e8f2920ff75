// The signed-in user's state for the header and the user center (spec 02 §3 "User info").
import type { UserState } from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { members } from '../../db/schema';
import { unreadCount } from '../account/messages.service';
import type { SessionMember } from './session.service';

export async function userState(db: Db, member: SessionMember, specialUsers: ReadonlySet<string>): Promise<UserState> {
  const parent = alias(members, 'parent');
  const [row] = await db
    .select({ parentName: parent.loginName, companyInfoVisible: members.companyInfoVisible })
    .from(members)
    .leftJoin(parent, eq(parent.id, members.parentId))
    .where(eq(members.id, member.memberId));
  const isSub = member.parentId !== null;
  return {
    loginName: member.loginName,
    memberId: member.memberId,
    unreadMsgNum: specialUsers.has(member.loginName) ? 0 : await unreadCount(db, member.memberId),
    parentNickname: row?.parentName ?? '',
    companyInfoVisible: !isSub || row?.companyInfoVisible === true,
    switchedFromMain: isSub && member.switchedFrom === member.parentId,
  };
}
