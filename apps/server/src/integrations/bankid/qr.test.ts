import { describe, expect, it } from 'vitest';
import { animatedQrData, parseQrData, qrAuthCode, secondsSinceOrder } from './qr.ts';

// The test vector BankID publishes with its QR code documentation.
const secret = 'd28db9a7-4cde-429e-a983-359be676944c';
const token = '67df3917-fa0d-44e5-b327-edcc928297f8';

describe('the animated QR code', () => {
  it("computes BankID's published codes for 0, 1 and 2 seconds", () => {
    expect(qrAuthCode(secret, 0)).toBe('dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8');
    expect(qrAuthCode(secret, 1)).toBe('949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2');
    expect(qrAuthCode(secret, 2)).toBe('a9e5ec59cb4eee4ef4117150abc58fad7a85439a6a96ccbecc3668b41795b3f3');
  });

  it('puts the token, the seconds and the code together, and reads them back', () => {
    const data = animatedQrData(token, secret, 1);
    expect(data).toBe(`bankid.${token}.1.949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2`);
    expect(parseQrData(data)).toEqual({ qrStartToken: token, seconds: 1, qrAuthCode: '949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2' });
    expect(parseQrData('bankid.not-a-token.1.abc')).toBeNull();
  });

  it('counts whole seconds since the order, never below zero', () => {
    expect(secondsSinceOrder(10_000, 10_999)).toBe(0);
    expect(secondsSinceOrder(10_000, 11_000)).toBe(1);
    expect(secondsSinceOrder(10_000, 42_500)).toBe(32);
    expect(secondsSinceOrder(10_000, 9_000)).toBe(0);
    expect(() => qrAuthCode(secret, -1)).toThrow(RangeError);
  });
});
