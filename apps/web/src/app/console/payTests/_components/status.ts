// The tag colour of each paid test status, shared by the queue and the drawer.
import type { PayTestQueueStatus } from '@apimarket/contracts';

export const STATUS_COLOR: Record<PayTestQueueStatus, string> = { applied: 'processing', approved: 'success', rejected: 'error', expired: 'default' };
