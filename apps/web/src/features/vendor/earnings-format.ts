/** The commission in basis points as people say it: 1000 -> '10%', 1250 -> '12.5%'. */
export function commissionRate(commissionBp: number): string {
  return `${(commissionBp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}
