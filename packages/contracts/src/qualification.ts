// Enterprise authentication calls (spec 02 §7, Decision 6): the record and its history, the spec's
// yes/no check, submitting with the licence image, revoking, the licence for <img>, and the
// business contact kept with it. The rules of the form live in ./account beside the statuses.
import { z } from 'zod';
import { QUALIFICATION_STATUS, ContactsInput, LICENCE_FILE, QualificationInput } from './account';
import { companyViewCall, memberCall } from './declare';
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

/**
 * Enterprise authentication of spec 02 §7. Reading is open to the company's accounts (a
 * sub-account only when its parent shows the company); changing it is the main account's.
 */
export const qualificationApi = {
  current: companyViewCall({
    method: 'POST',
    path: '/myAccount/getCompanyQualification',
    summary: '企业认证信息（最新一次申请及其状态）',
    answer: { data: QualificationAnswer },
  }),
  history: companyViewCall({
    method: 'POST',
    path: '/myAccount/queryCompanyQualification',
    summary: '企业认证申请记录（最新在前）',
    answer: { rows: QualificationAnswer },
  }),
  check: memberCall({
    method: 'POST',
    path: '/dataApi/checkCompanyQualification',
    summary: '企业是否已通过认证（data 为 true/false）',
    answer: { data: z.boolean() },
  }),
  submit: memberCall({
    method: 'POST',
    path: '/myAccount/companyQualification',
    body: 'multipart',
    summary: `提交企业认证：企业信息与营业执照图片（file，${LICENCE_FILE.extensions.join('/')}，不超过 ${LICENCE_FILE.maxBytes / 1024 / 1024}MB）`,
    input: QualificationInput,
    answer: { data: QualificationAnswer },
    fails: ['ALL_0010', 'ALL_0013'],
  }),
  revoke: memberCall({
    method: 'POST',
    path: '/myAccount/revoke',
    summary: '撤销企业认证（审核中的申请或已通过的认证）',
    answer: { data: QualificationAnswer },
    fails: ['ALL_0010', 'ALL_0013'],
  }),
  licence: companyViewCall({
    method: 'GET',
    path: '/myAccount/licence/:id',
    summary: '营业执照图片（供 <img> 与链接打开，仅本企业账号）',
    input: LicenceImageInput,
    answer: { file: ['image/png', 'image/jpeg'] },
    unsigned: true,
    fails: ['ALL_0011'],
  }),
  contacts: companyViewCall({
    method: 'POST',
    path: '/myAccount/queryContacts',
    summary: '业务联系人',
    answer: { data: BusinessContact },
    fails: ['ALL_0011'],
  }),
  saveContacts: memberCall({
    method: 'POST',
    path: '/memberShip/postRepresent',
    summary: '保存业务联系人（主账号）',
    input: ContactsInput,
    answer: { data: z.null() },
    encrypt: true,
    fails: ['ALL_0010'],
  }),
};
