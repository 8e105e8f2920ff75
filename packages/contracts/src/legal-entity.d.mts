// Types of legal-entity.mjs (plain JavaScript so that Node runs it without a TypeScript loader).
import type { z } from 'zod';

export declare const LEGAL_ENTITY_EXAMPLE: Readonly<{
  COMPANY_NAME: string;
  COMPANY_CREDIT_CODE: string;
  ICP_RECORD: string;
  PSB_RECORD: string;
}>;
export declare const ICP_LOOKUP_URL: string;
export declare const PSB_LOOKUP_URL: string;

export declare function isCreditCode(code: string): boolean;

type Optional = z.ZodPipe<z.ZodTransform<unknown, unknown>, z.ZodOptional<z.ZodString>>;
export declare const LegalEntityEnv: z.ZodObject<{
  COMPANY_NAME: Optional;
  COMPANY_CREDIT_CODE: Optional;
  ICP_RECORD: Optional;
  PSB_RECORD: Optional;
  PSB_RECORD_URL: Optional;
}>;

/** What the footer, the agreements, receipts and invoices print. */
export interface LegalEntity {
  companyName: string;
  /** 统一社会信用代码 */
  creditCode: string;
  /** ICP 备案号 */
  icpRecord: string;
  /** 公安备案号 */
  psbRecord: string;
  psbRecordUrl: string;
  icpUrl: string;
  /** The settings still showing their example value. */
  examples: string[];
}

export declare function legalEntityOf(e: z.output<typeof LegalEntityEnv>): LegalEntity;
export declare function legalEntityWarning(entity: { examples: readonly string[] }): string | null;
