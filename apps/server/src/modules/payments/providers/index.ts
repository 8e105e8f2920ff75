// The providers a deployment configured (PAYMENT_PROVIDER), made once per configuration so the
// routes, the dev tools and the query job of one process share them (the sandbox keeps its
// trades in memory).
import type { PaymentProviderName } from '@apimarket/contracts';
import type { PaymentsConfig } from '../../../config';
import { alipayPayments } from './alipay';
import type { PaymentProvider } from './provider';
import { type SandboxProvider, sandboxPayments } from './sandbox';
import { wechatPayments } from './wechat';

export interface Providers {
  /** The configured ones, in the order PAYMENT_PROVIDER names them. */
  list: PaymentProvider[];
  get(name: string): PaymentProvider | undefined;
  /** The sandbox when it is configured (dev tools pay through it). */
  sandbox: SandboxProvider | null;
}

const made = new WeakMap<PaymentsConfig, Providers>();

export function paymentProviders(config: PaymentsConfig): Providers {
  const known = made.get(config);
  if (known) return known;
  const sandbox = config.providers.includes('sandbox') ? sandboxPayments(config.sandboxSecret) : null;
  const make = (name: PaymentProviderName): PaymentProvider => {
    if (name === 'sandbox' && sandbox) return sandbox;
    if (name === 'alipay') return alipayPayments(config.alipay, `${config.notifyBaseUrl}/apiHome/payment/notify/alipay`);
    return wechatPayments(config.wechat, `${config.notifyBaseUrl}/apiHome/payment/notify/wechat`);
  };
  const list = config.providers.map(make);
  const providers: Providers = { list, get: (name) => list.find((p) => p.name === name), sandbox };
  made.set(config, providers);
  return providers;
}
