/**
 * Shop levels: the server's table (`levels`), and a merchant's level, the highest one whose credit-score OR
 * total-investment threshold is met. The level is computed from those two figures whenever it is read;
 * `users.level` is kept equal to it (syncLevel) for anything that reads the column directly.
 */
import type { LevelBenefit, LevelDef, LevelName, LevelOverview } from '../../../src/api/shapes/ad-center';
import type { Db } from '../../storage/engine';
import { findCreditScore, listLevels, setUserLevel, type LevelRow } from '../../storage/ad-center';
import { fromCents } from '../../../src/lib/money';
import { investment } from './investment';

function parseBenefits(text: string): LevelBenefit[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as LevelBenefit[]) : [];
  } catch {
    return [];
  }
}

export async function levelRows(db: Db): Promise<LevelRow[]> {
  return listLevels(db);
}

export async function levelDefs(db: Db): Promise<LevelDef[]> {
  return (await levelRows(db)).map((r) => ({
    level: r.level,
    name: { kind: r.kind, rank: r.rank },
    min_credit_score: r.min_credit_score,
    min_investment: fromCents(r.min_investment_cents),
    benefits: parseBenefits(r.benefits),
  }));
}

/** The merchant's investment over all time (investment.ts defines it). */
export const totalInvestmentCents = async (db: Db, userId: number): Promise<number> =>
  (await investment(db, userId)).cents;

/** The highest level with either threshold met; level 1 (or the lowest) when none is, e.g. an empty table. */
export function levelFor(
  rows: readonly LevelRow[],
  creditScore: number,
  investmentCents: number,
): { level: number; name: LevelName } {
  let best: LevelRow | undefined;
  for (const r of rows) {
    if (creditScore >= r.min_credit_score || investmentCents >= r.min_investment_cents) {
      if (!best || r.level > best.level) best = r;
    }
  }
  best ??= rows[0];
  return best
    ? { level: best.level, name: { kind: best.kind, rank: best.rank } }
    : { level: 1, name: { kind: 'star', rank: 1 } };
}

export interface MerchantLevel {
  level: number;
  name: LevelName;
  credit_score: number;
  investment_cents: number;
}

/** The merchant's level now, with `users.level` brought in line with it. */
export async function syncLevel(db: Db, userId: number): Promise<MerchantLevel> {
  const credit = (await findCreditScore(db, userId)) ?? 0;
  const investmentCents = await totalInvestmentCents(db, userId);
  const { level, name } = levelFor(await levelRows(db), credit, investmentCents);
  await setUserLevel(db, userId, level);
  return { level, name, credit_score: credit, investment_cents: investmentCents };
}

export async function levelOverview(db: Db, userId: number): Promise<LevelOverview> {
  const m = await syncLevel(db, userId);
  return {
    level: m.level,
    credit_score: m.credit_score,
    total_investment: fromCents(m.investment_cents),
    levels: await levelDefs(db),
  };
}

/** The merchant's level number without writing anything (UserInfo). */
export async function currentLevel(db: Db, userId: number, creditScore: number): Promise<number> {
  return levelFor(await levelRows(db), creditScore, await totalInvestmentCents(db, userId)).level;
}

/** The value of a benefit of the merchant's level now (e.g. withdraw_limit's money a day); undefined without it. */
export async function levelBenefit(db: Db, userId: number, code: LevelBenefit['code']): Promise<string | undefined> {
  const credit = (await findCreditScore(db, userId)) ?? 0;
  const rows = await levelRows(db);
  const { level } = levelFor(rows, credit, await totalInvestmentCents(db, userId));
  const row = rows.find((r) => r.level === level);
  return row ? parseBenefits(row.benefits).find((b) => b.code === code)?.value : undefined;
}
