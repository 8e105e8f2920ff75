// What the sales inbox's pieces share: the colour of each state.
import type { AuditRequestState, LeadState } from '@apimarket/contracts';

export const STATE_COLOR: Record<LeadState, string> = { new: 'processing', contacted: 'warning', converted: 'success', closed: 'default' };
export const AUDIT_STATE_COLOR: Record<AuditRequestState, string> = { new: 'processing', contacted: 'warning', closed: 'default' };
