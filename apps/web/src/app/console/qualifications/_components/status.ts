// The tag colour of each application status, shared by the queue and the drawer.
import type { QualificationQueueStatus } from '@apimarket/contracts';

export const STATUS_COLOR: Record<QualificationQueueStatus, string> = { pending: 'processing', approved: 'success', rejected: 'error', revoked: 'default' };
