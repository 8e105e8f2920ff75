// The signed-in user's state for the header and the user center (spec 02 §3 "User info").
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { members } from '../../db/schema';
import type { SessionMember } from './session.service';

export interface UserState {
  loginName: string;
  memberId: number;
  /** Unread messages; messages arrive with the user center. */
  unreadMsgNum: number;
  /** The parent account's name, for a sub-account; '' otherwise. */
  parentNickname: string;
  companyInfoVisible: boolean;
}

export async function userState(db: Db, member: SessionMember): Promise<UserState> {
  const parent = alias(members, 'parent');
  const [row] = await db
    .select({ parentName: parent.loginName })
    .from(members)
    .leftJoin(parent, eq(parent.id, members.parentId))
    .where(eq(members.id, member.memberId));
  return {
    loginName: member.loginName,
    memberId: member.memberId,
    unreadMsgNum: 0,
    parentNickname: row?.parentName ?? '',
    companyInfoVisible: true,
  };
}
