// The catalogue's interfaces, one file per category (ids of ../../categories.ts).
import type { SeedInterface } from '../types';
import { BANKCARD_INTERFACES } from './bankcard';
import { COMPANY_INTERFACES } from './company';
import { FACE_INTERFACES } from './face';
import { GOVERNMENT_INTERFACES } from './government';
import { IDENTITY_INTERFACES } from './identity';
import { INSURANCE_INTERFACES } from './insurance';
import { JUDICIAL_INTERFACES } from './judicial';
import { LOGISTICS_INTERFACES } from './logistics';
import { OCR_INTERFACES } from './ocr';
import { PHONE_INTERFACES } from './phone';
import { VEHICLE_INTERFACES } from './vehicle';

export const SEED_INTERFACES: SeedInterface[] = [
  ...IDENTITY_INTERFACES,
  ...FACE_INTERFACES,
  ...OCR_INTERFACES,
  ...BANKCARD_INTERFACES,
  ...PHONE_INTERFACES,
  ...VEHICLE_INTERFACES,
  ...COMPANY_INTERFACES,
  ...INSURANCE_INTERFACES,
  ...LOGISTICS_INTERFACES,
  ...JUDICIAL_INTERFACES,
  ...GOVERNMENT_INTERFACES,
];
