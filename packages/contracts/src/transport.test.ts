import { describe, expect, it } from 'vitest';
import { isNewEnergyPlate, plateColorProblem, TRANSPORT_MSG, Vehicle } from './transport';
import { firstMessage, MSG } from './validation';

const parse = (plateNumber: unknown, plateColor: unknown) => Vehicle.safeParse({ plateNumber, plateColor });
const msgOf = (r: ReturnType<typeof parse>) => (r.success ? null : firstMessage(r.error as never));

describe('plate colour fit', () => {
  it('tells new-energy plates (8 characters) from fuel plates (7)', () => {
    expect(isNewEnergyPlate('粤BD12345')).toBe(true);
    expect(isNewEnergyPlate('浙A8F2C6')).toBe(false);
  });

  it('wants a green colour on a new-energy plate and none on a fuel plate', () => {
    expect(plateColorProblem('浙A8F2C6', 2)).toBeNull();
    expect(plateColorProblem('浙A8F2C6', 1)).toBeNull();
    expect(plateColorProblem('浙A8F2C6', 5)).toBe(TRANSPORT_MSG.fuelColor);
    expect(plateColorProblem('粤BD12345', 5)).toBeNull();
    expect(plateColorProblem('粤BD12345', 6)).toBeNull();
    expect(plateColorProblem('粤BD12345', 2)).toBe(TRANSPORT_MSG.newEnergyColor);
  });
});

describe('Vehicle', () => {
  it('accepts a yellow fuel plate and a green new-energy plate', () => {
    expect(parse('浙A8F2C6', 2)).toMatchObject({ success: true, data: { plateNumber: '浙A8F2C6', plateColor: 2 } });
    expect(parse('粤BD12345', '5')).toMatchObject({ success: true, data: { plateNumber: '粤BD12345', plateColor: 5 } });
    expect(parse('粤BD12345', 6).success).toBe(true);
  });

  it('says which colour a plate needs', () => {
    expect(msgOf(parse('粤BD12345', 2))).toBe(TRANSPORT_MSG.newEnergyColor);
    expect(msgOf(parse('浙A8F2C6', 6))).toBe(TRANSPORT_MSG.fuelColor);
  });

  it('refuses a plate that is not one, and asks for missing fields', () => {
    expect(msgOf(parse('京A1234', 1))).toBe(MSG.plate);
    expect(msgOf(parse('', 1))).toBe(TRANSPORT_MSG.plateRequired);
    expect(msgOf(parse('浙A8F2C6', ''))).toBe(TRANSPORT_MSG.plateColor);
    expect(msgOf(parse('浙A8F2C6', 7))).toBe(TRANSPORT_MSG.plateColor);
  });

  it('reads a lower-case plate upper-cased, spaces trimmed', () => {
    expect(parse(' 浙a8f2c6 ', 2)).toMatchObject({ success: true, data: { plateNumber: '浙A8F2C6' } });
    expect(parse('粤bd12345', 5)).toMatchObject({ success: true, data: { plateNumber: '粤BD12345' } });
  });
});
