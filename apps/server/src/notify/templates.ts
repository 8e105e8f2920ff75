// The kinds of SMS the platform sends and the variables of each. Carriers in China deliver only
// templates registered and approved in their console, so a message names its kind (the template
// id comes from config) and carries the variables; the README lists what each template says.
import type { Config } from '../config';

export type SmsKind = keyof Config['sms']['templates'];

/**
 * Each kind's variables, in template order: Aliyun names them (${code}), Tencent numbers them
 * ({1}, {2}…) in this order.
 */
export const SMS_TEMPLATE_PARAMS = {
  code: ['code'],
  code_register: ['code'],
  code_reset: ['code'],
  code_login: ['code'],
  code_alert: ['code'],
  mobile_changed: ['mobile'],
  closure: ['name'],
  alert: ['title', 'value', 'threshold'],
  sub_invite: ['name', 'hours', 'link'],
} as const satisfies Record<SmsKind, readonly string[]>;

type Params<K extends SmsKind> = Record<(typeof SMS_TEMPLATE_PARAMS)[K][number], string>;

/** What a carrier sends for one SMS: the template's kind and its variables. */
export type SmsTemplate = { [K in SmsKind]: { kind: K; params: Params<K> } }[SmsKind];

/** The variables in the order a numbered template (Tencent) expects them. */
export function orderedParams(template: SmsTemplate): string[] {
  const params = template.params as Record<string, string>;
  return SMS_TEMPLATE_PARAMS[template.kind].map((name) => params[name] ?? '');
}
