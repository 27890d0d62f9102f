/**
 * The spec's helper (001 section 9): yearly cost = fixed + 12 × monthly + rate × usage. Used to
 * compare agreements and to estimate a year from a tariff. Amounts in one currency; `rate` per
 * kWh, `usage` in kWh a year. Computed in integer millionths so that 0.1 + 0.2 stays 0.3.
 */
export function yearlyCost(terms: { fixed: number; monthly: number; rate: number; usage: number }): number {
  const micro = (v: number) => Math.round(v * 1_000_000);
  const { fixed, monthly, rate, usage } = terms;
  for (const [name, value] of Object.entries(terms)) {
    if (!Number.isFinite(value)) throw new RangeError(`yearlyCost: ${name} is not a number`);
  }
  // rate × usage: multiply the scaled rate by usage, then scale back once
  const variable = Math.round(micro(rate) * usage);
  return (micro(fixed) + 12 * micro(monthly) + variable) / 1_000_000;
}
