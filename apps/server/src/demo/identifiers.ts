import type { Country } from '@gridline/contracts/enums';
import type { Random } from './random.ts';

/** Check digits and the identifiers built with them: meter point ids (GSRN) and invoice payment references. */

/** GS1 check digit (used by GSRN meter point ids). */
export function gs1CheckDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[digits.length - 1 - index]);
    sum += digit * (index % 2 === 0 ? 3 : 1);
  }
  return String((10 - (sum % 10)) % 10);
}

/** Luhn (modulus 10) check digit, as used by Swedish OCR and Norwegian KID numbers. */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Finnish reference number check digit (weights 7, 3, 1 from the right). */
export function finnishReferenceCheckDigit(digits: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    sum += Number(digits[digits.length - 1 - index]) * (weights[index % 3] ?? 1);
  }
  return String((10 - (sum % 10)) % 10);
}

/** The payment reference printed on an invoice, in each country's usual form. */
export function paymentReference(country: Country, invoiceNumber: string): string {
  switch (country) {
    case 'SE': {
      // OCR with length digit and Luhn check digit ("hård kontroll").
      const withLength = invoiceNumber + String((invoiceNumber.length + 2) % 10);
      return withLength + luhnCheckDigit(withLength);
    }
    case 'NO':
      return invoiceNumber + luhnCheckDigit(invoiceNumber); // KID, MOD10
    case 'FI':
      return invoiceNumber + finnishReferenceCheckDigit(invoiceNumber); // viitenumero
    case 'AT':
      return invoiceNumber + luhnCheckDigit(invoiceNumber);
  }
}

/** A GSRN meter point id: `prefix`, random digits up to 17, and a GS1 check digit (18 digits). */
export function gsrn(prefix: string, random: Random): string {
  const body = prefix + random.digits(17 - prefix.length);
  return body + gs1CheckDigit(body);
}
