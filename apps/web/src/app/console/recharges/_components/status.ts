// The tag colour of each recharge status, shared by the queue and the drawer.
import type { RechargeQueueStatus } from '@apimarket/contracts';

export const STATUS_COLOR: Record<RechargeQueueStatus, string> = { declared: 'processing', confirmed: 'success', rejected: 'error' };
