// Which family answers an interface: by its category (../../../db/seed/categories.ts). Inside a
// family, each interface is recognised by its parameters and the fields of its documented
// answer, so a new interface of a known kind is served without code.
import type { InterfaceSpec } from '../../types';
import type { Family } from '../context';
import { bankcardFamily } from './bankcard';
import { capacityFamily, isCapacityProfile } from './capacity';
import { companyFamily } from './company';
import { faceFamily } from './face';
import { identityFamily } from './identity';
import { insuranceFamily } from './insurance';
import { judicialFamily } from './judicial';
import { logisticsFamily } from './logistics';
import { ocrFamily } from './ocr';
import { phoneFamily } from './phone';
import { vehicleFamily } from './vehicle';

/** Government data and anything unknown: the documented sample, re-aimed and varied, enums kept. */
export const genericFamily: Family = { name: 'generic' };

const BY_CATEGORY: Record<number, Family> = {
  1: identityFamily,
  2: faceFamily,
  3: ocrFamily,
  4: bankcardFamily,
  5: phoneFamily,
  6: vehicleFamily,
  7: companyFamily,
  8: insuranceFamily,
  9: logisticsFamily,
  10: judicialFamily,
  11: genericFamily,
};

export function familyOf(spec: Pick<InterfaceSpec, 'categoryId' | 'responseFields'>): Family {
  // A company's fleet profile (9883 企业运力画像) is answered per company, not per vehicle.
  if (isCapacityProfile(spec)) return capacityFamily;
  return BY_CATEGORY[spec.categoryId] ?? genericFamily;
}
