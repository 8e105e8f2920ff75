// The one error hierarchy: an expected outcome a user can cause is thrown as an AppError with
// a code from the contracts table; the error handler (error-handler.ts) maps it to the envelope.
import { ERRORS, type ErrorCode } from '@apimarket/contracts';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** Fields the screen needs beside code and msg (exceptionLoginCount, mobile…). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? ERRORS[code].msg);
    this.name = new.target.name;
  }

  get status(): number {
    return ERRORS[this.code].status;
  }
}

/** A field failed its rule; the message is the rule's own. */
export class Invalid extends AppError {
  constructor(message: string, extra?: Record<string, unknown>) {
    super('ALL_0001', message, extra);
  }
}

export class Unauthenticated extends AppError {
  constructor() {
    super('ALL_0024');
  }
}

export class Forbidden extends AppError {
  constructor(message?: string) {
    super('ALL_0010', message);
  }
}

export class NotFound extends AppError {
  constructor(message?: string) {
    super('ALL_0011', message);
  }
}

export class Conflict extends AppError {
  constructor(message?: string) {
    super('ALL_0013', message);
  }
}

/**
 * A decision's conditional UPDATE found its row already moved on: another decision committed
 * first while this one waited for the row. The service re-reads the row, and when the winner
 * decided the same thing it answers "already done" rather than a conflict.
 */
export class DecidedMeanwhile extends Conflict {}

export class Throttled extends AppError {
  constructor(message?: string, code: 'ALL_0012' | 'ALL_0028' = 'ALL_0012') {
    super(code, message);
  }
}
