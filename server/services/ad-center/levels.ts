/**
 * Shop levels: the server's table (`levels`), and a merchant's level, the highest one whose credit-score OR
 * total-investment threshold is met. The level is computed from those two figures whenever it is read;
 * `users.level` is kept equal to it (syncLevel) for anything that reads the column directly.
 */
import type { LevelBenefit, LevelDef, LevelName, LevelOverview } from '../../../src/api/shapes/ad-center';
import { stmt, type DB } from '../../db/index';
import { fromCents } from '../../../src/lib/money';
import { investment } from './investment';

interface LevelRow { level: number; kind: 'star' | 'vip'; rank: number; min_credit_score: number; min_investment_cents: number; benefits: string }

function parseBenefits(text: string): LevelBenefit[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as LevelBenefit[]) : [];
  } catch {
    return [];
  }
}

export function levelRows(db: DB): LevelRow[] {
  return stmt<LevelRow>(db, 'SELECT * FROM levels ORDER BY level').all();
}

export function levelDefs(db: DB): LevelDef[] {
  return levelRows(db).map((r) => ({
    level: r.level, name: { kind: r.kind, rank: r.rank }, min_credit_score: r.min_credit_score,
    min_investment: fromCents(r.min_investment_cents), benefits: parseBenefits(r.benefits),
  }));
}

/** The merchant's investment over all time (investment.ts defines it). */
export const totalInvestmentCents = (db: DB, userId: number): number => investment(db, userId).cents;

/** The highest level with either threshold met; level 1 (or the lowest) when none is, e.g. an empty table. */
export function levelFor(rows: readonly LevelRow[], creditScore: number, investmentCents: number): { level: number; name: LevelName } {
  let best: LevelRow | undefined;
  for (const r of rows) {
    if (creditScore >= r.min_credit_score || investmentCents >= r.min_investment_cents) {
      if (!best || r.level > best.level) best = r;
    }
  }
  best ??= rows[0];
  return best ? { level: best.level, name: { kind: best.kind, rank: best.rank } } : { level: 1, name: { kind: 'star', rank: 1 } };
}

export interface MerchantLevel { level: number; name: LevelName; credit_score: number; investment_cents: number }

/** The merchant's level now, with `users.level` brought in line with it. */
export function syncLevel(db: DB, userId: number): MerchantLevel {
  const credit = stmt<{ credit_score: number }>(db, 'SELECT credit_score FROM users WHERE id = ?').get(userId)?.credit_score ?? 0;
  const investmentCents = totalInvestmentCents(db, userId);
  const { level, name } = levelFor(levelRows(db), credit, investmentCents);
  stmt(db, 'UPDATE users SET level = ? WHERE id = ? AND level <> ?').run(level, userId, level);
  return { level, name, credit_score: credit, investment_cents: investmentCents };
}

export function levelOverview(db: DB, userId: number): LevelOverview {
  const m = syncLevel(db, userId);
  return { level: m.level, credit_score: m.credit_score, total_investment: fromCents(m.investment_cents), levels: levelDefs(db) };
}

/** The merchant's level number without writing anything (UserInfo). */
export function currentLevel(db: DB, userId: number, creditScore: number): number {
  return levelFor(levelRows(db), creditScore, totalInvestmentCents(db, userId)).level;
}

/** The value of a benefit of the merchant's level now (e.g. withdraw_limit's money a day); undefined without it. */
export function levelBenefit(db: DB, userId: number, code: LevelBenefit['code']): string | undefined {
  const credit = stmt<{ credit_score: number }>(db, 'SELECT credit_score FROM users WHERE id = ?').get(userId)?.credit_score ?? 0;
  const rows = levelRows(db);
  const { level } = levelFor(rows, credit, totalInvestmentCents(db, userId));
  const row = rows.find((r) => r.level === level);
  return row ? parseBenefits(row.benefits).find((b) => b.code === code)?.value : undefined;
}
