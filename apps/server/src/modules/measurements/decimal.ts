/**
 * The exact sum of decimal texts (as PostgreSQL's `numeric` reads), to the millionth: digits past
 * the sixth are dropped from each part, and the sum has exactly six. Binary floating point would
 * drift over 35 000 intervals. Counted in integer millionths: as Numbers while every partial sum
 * is an exact integer (parts below 10^8 and at most 80 of them stay below 2^53), which is the
 * common case and several times faster than BigInt; otherwise as BigInts.
 */
export function decimalSum(values: readonly string[]): string {
  if (values.length <= 80) {
    let sum = 0;
    let exact = true;
    for (const v of values) {
      const negative = v.charCodeAt(0) === 45; // '-'
      const dot = v.indexOf('.');
      const whole = v.slice(negative ? 1 : 0, dot === -1 ? v.length : dot);
      if (whole.length > 8) {
        exact = false;
        break;
      }
      const scaled = Number(whole) * 1_000_000 + (dot === -1 ? 0 : Number((v.slice(dot + 1, dot + 7) + '00000').slice(0, 6)));
      sum += negative ? -scaled : scaled;
    }
    if (exact) {
      const abs = Math.abs(sum);
      return `${sum < 0 ? '-' : ''}${Math.floor(abs / 1_000_000)}.${String(abs % 1_000_000).padStart(6, '0')}`;
    }
  }
  return bigDecimalSum(values);
}

/** `decimalSum` in BigInt, for any size. */
export function bigDecimalSum(values: readonly string[]): string {
  const scale = 1_000_000n;
  const total = values.reduce((sum, v) => {
    const [whole, fraction = ''] = v.replace('-', '').split('.');
    const scaled = BigInt(whole!) * scale + BigInt((fraction + '000000').slice(0, 6));
    return sum + (v.startsWith('-') ? -scaled : scaled);
  }, 0n);
  const abs = total < 0n ? -total : total;
  return `${total < 0n ? '-' : ''}${abs / scale}.${String(abs % scale).padStart(6, '0')}`;
}
