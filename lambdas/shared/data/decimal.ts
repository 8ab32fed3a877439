import { NumberValue } from '@aws-sdk/lib-dynamodb';

/**
 * An exact decimal m·10^e, for sums DynamoDB keeps exactly (it adds numbers as decimals of up
 * to 38 digits): terms added up here, then written as one `ADD` whose number is the decimal's
 * text, never a double's approximation (lambdas/statistics/aggregates.ts).
 */
export class Decimal {
  static readonly zero = new Decimal(0n, 0);

  constructor(
    readonly mantissa: bigint,
    readonly exponent: number,
  ) {}

  /** A double as the decimal of its 15 significant digits. */
  static of(value: number): Decimal {
    if (value === 0) return Decimal.zero;
    const [digits, exponent] = value.toExponential(14).split('e') as [string, string];
    return new Decimal(BigInt(digits.replace('.', '')), Number(exponent) - 14);
  }

  plus(other: Decimal): Decimal {
    const exponent = Math.min(this.exponent, other.exponent);
    const scale = (decimal: Decimal) =>
      decimal.mantissa * 10n ** BigInt(decimal.exponent - exponent);
    return new Decimal(scale(this) + scale(other), exponent);
  }

  negated(): Decimal {
    return new Decimal(-this.mantissa, this.exponent);
  }

  isZero(): boolean {
    return this.mantissa === 0n;
  }

  /** Plain decimal text, without trailing zeros (`-0.0025`, `1200`). */
  toString(): string {
    let { mantissa, exponent } = this;
    if (mantissa === 0n) return '0';
    while (mantissa % 10n === 0n) {
      mantissa /= 10n;
      exponent += 1;
    }
    const sign = mantissa < 0n ? '-' : '';
    const digits = (mantissa < 0n ? -mantissa : mantissa).toString();
    if (exponent >= 0) return `${sign}${digits}${'0'.repeat(exponent)}`;
    const point = digits.length + exponent;
    return point > 0
      ? `${sign}${digits.slice(0, point)}.${digits.slice(point)}`
      : `${sign}0.${'0'.repeat(-point)}${digits}`;
  }

  /** The number as an `ADD` or `SET` writes it exactly. */
  toNumberValue(): NumberValue {
    return NumberValue.from(this.toString());
  }
}
