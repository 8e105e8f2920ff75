// Enterprise authentication calls (spec 02 §7, Decision 6): the record and its history, the spec's
// yes/no check, submitting with the licence image, revoking, the licence for <img>, and the
// business contact kept with it. The rules of the form live in ./account beside the statuses.
import { z } from 'zod';
import { QUALIFICATION_STATUS, ContactsInput, LICENCE_FILE, QualificationInput } from './account';
import { defineCall } from './call';
import { parseId } from './paging';

/** The account's enterprise authentication as the screens show it (account.ts' QualificationView). */
export const QualificationAnswer = z.object({
  status: z.enum(QUALIFICATION_STATUS),
  statusLabel: z.string(),
  companyName: z.string(),
  creditCode: z.string(),
  legalPerson: z.string(),
  /** Portal path of the licence image (owner only); '' when none. */
  licenceUrl: z.string(),
  reason: z.string(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** A sub-account reads its parent's record and cannot change it. */
  editable: z.boolean(),
});
export type QualificationAnswer = z.infer<typeof QualificationAnswer>;

/** queryContacts: the business contact; until one is saved, the registration contact and phone. */
export const BusinessContact = z.object({
  contacter: z.string(),
  contactMobile: z.string(),
  email: z.string().optional(),
  position: z.string().optional(),
});
export type BusinessContact = z.infer<typeof BusinessContact>;

/** licence/:id: an application's id from the path; anything else finds nothing (404). */
export const LicenceImageInput = z.object({ id: z.preprocess((v) => parseId(v) ?? 0, z.number()) });
export type LicenceImageInput = z.infer<typeof LicenceImageInput>;

const Empty = z.object({});

/**
 * Enterprise authentication of spec 02 §7. Reading is open to the company's accounts (a
 * sub-account only when its parent shows the company); changing it is the main account's.
 */
export const qualificationApi = {
  current: defineCall({
    method: 'POST',
    path: '/myAccount/getCompanyQualification',
    body: 'form',
    access: 'companyView',
    summary: '企业认证信息（最新一次申请及其状态）',
    input: Empty,
    answer: { data: QualificationAnswer },
  }),
  history: defineCall({
    method: 'POST',
    path: '/myAccount/queryCompanyQualification',
    body: 'form',
    access: 'companyView',
    summary: '企业认证申请记录（最新在前）',
    input: Empty,
    answer: { rows: QualificationAnswer },
  }),
  check: defineCall({
    method: 'POST',
    path: '/dataApi/checkCompanyQualification',
    body: 'form',
    access: 'member',
    summary: '企业是否已通过认证（data 为 true/false）',
    input: Empty,
    answer: { data: z.boolean() },
  }),
  submit: defineCall({
    method: 'POST',
    path: '/myAccount/companyQualification',
    body: 'multipart',
    access: 'member',
    summary: `提交企业认证：企业信息与营业执照图片（file，${LICENCE_FILE.extensions.join('/')}，不超过 ${LICENCE_FILE.maxBytes / 1024 / 1024}MB）`,
    input: QualificationInput,
    answer: { data: QualificationAnswer },
    fails: ['ALL_0010', 'ALL_0013'],
  }),
  revoke: defineCall({
    method: 'POST',
    path: '/myAccount/revoke',
    body: 'form',
    access: 'member',
    summary: '撤销企业认证（审核中的申请或已通过的认证）',
    input: Empty,
    answer: { data: QualificationAnswer },
    fails: ['ALL_0010', 'ALL_0013'],
  }),
  licence: defineCall({
    method: 'GET',
    path: '/myAccount/licence/:id',
    body: 'none',
    access: 'companyView',
    summary: '营业执照图片（供 <img> 与链接打开，仅本企业账号）',
    input: LicenceImageInput,
    answer: { file: ['image/png', 'image/jpeg'] },
    unsigned: true,
    fails: ['ALL_0011'],
  }),
  contacts: defineCall({
    method: 'POST',
    path: '/myAccount/queryContacts',
    body: 'form',
    access: 'companyView',
    summary: '业务联系人',
    input: Empty,
    answer: { data: BusinessContact },
    fails: ['ALL_0011'],
  }),
  saveContacts: defineCall({
    method: 'POST',
    path: '/memberShip/postRepresent',
    body: 'form',
    access: 'member',
    summary: '保存业务联系人（主账号）',
    input: ContactsInput,
    answer: { data: z.null() },
    encrypt: true,
    fails: ['ALL_0010'],
  }),
};
