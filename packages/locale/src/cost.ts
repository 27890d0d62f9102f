export interface YearlyCostInput {
  /** Fixed yearly fee. */
  fixed: number;
  /** Monthly fee, paid 12 times a year. */
  monthly: number;
  /** Price per unit of usage (e.g. per kWh). */
  rate: number;
  /** Yearly usage in the same unit as `rate`. */
  usage: number;
}

/** Estimated yearly cost: fixed + 12 × monthly + rate × usage (not rounded). */
export function yearlyCost({ fixed, monthly, rate, usage }: YearlyCostInput): number {
  return fixed + 12 * monthly + rate * usage;
}
