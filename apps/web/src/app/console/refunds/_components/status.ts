// The tag colour of each refund status, shared by the queue and the drawer.
import type { RefundQueueStatus } from '@apimarket/contracts';

export const STATUS_COLOR: Record<RefundQueueStatus, string> = { requested: 'processing', approved: 'success', rejected: 'error' };
