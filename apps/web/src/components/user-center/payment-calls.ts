// The calls whose answers a payment (or a granted trial) changes: the balance and its ledger,
// the orders, the purchases and their figures. A screen that pays names these as stale, so any
// screen visited next in the user center reads them afresh instead of from the cache.
import { billingApi, ledgerApi, purchasesApi, trialApi } from '@apimarket/contracts';

export const PAYMENT_CHANGES = [
  billingApi.balance,
  ledgerApi.ledger,
  ledgerApi.statement,
  billingApi.orders,
  billingApi.purchases,
  purchasesApi.buyData,
  purchasesApi.autoRenewList,
  trialApi.state,
];
