-- The daily job's power income and fee chunks as functions (docs/performance.md, "The daily earning
-- job", thirteenth round), owned by the power module (modules/power/steps.ts calls them). Each is the
-- statement power/steps.ts built for every chunk until now, unchanged, inside PL/pgSQL: PostgreSQL
-- then parses, analyses and plans it once per connection and keeps the plan, where the job paid about
-- 2 ms a chunk for it (some 200 chunks a day), and the job sends a call of a few dozen bytes instead
-- of a 4 KB statement built in Node for each chunk.
--
-- A call pays at most p_limit holdings with ids above p_after whose term covers p_day (YYYY-MM-DD),
-- those the day has not paid yet (its power_incomes row; for the fee, the row's fee), and pays
-- nothing unless p_open (the job's claim check: the argument is evaluated before the call, so what
-- the chunk pays depends on it). seen and last: the holdings the page looked at and the highest id;
-- rows and total: holdings paid and the sum moved. Amounts by power_share (tied to the domain's
-- powerDailyIncome / powerDailyFee by power/dailySql.property.test.ts); the money through the
-- ledger's ledger_system_batch (migration 0041), with the same references, keys and meta as before.
-- p_day is text and goes into the keys as given, never through date::text (DateStyle).
CREATE FUNCTION power_income_chunk(
  p_day text, p_now timestamptz, p_after bigint, p_limit integer, p_open boolean,
  OUT seen integer, OUT last bigint, OUT rows integer, OUT total bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_day date := p_day::date;
BEGIN
  seen := 0; rows := 0; total := 0;
  IF NOT p_open THEN RETURN; END IF;
  WITH page AS MATERIALIZED (
      SELECT h.id, h.user_id, h.coin, h.power, h.daily_rate_bps, h.ledger_shard
        FROM power_holdings h
       WHERE h.start_day <= v_day AND h.end_day >= v_day AND h.id > p_after
       ORDER BY h.id LIMIT p_limit),
    due AS MATERIALIZED (
      -- The day's power_incomes row looked up by its primary key per holding (OFFSET 0: never a scan
      -- of every day's incomes).
      SELECT p.id, p.user_id, p.coin, p.daily_rate_bps, p.ledger_shard, power_share(p.power, p.daily_rate_bps) AS amount
        FROM page p
       WHERE NOT EXISTS (SELECT 1 FROM power_incomes i WHERE i.holding_id = p.id AND i.day = v_day OFFSET 0)),
    earned AS (
      INSERT INTO power_incomes (holding_id, user_id, day, coin, amount, rate_bps, created_at)
      SELECT d.id, d.user_id, v_day, d.coin, d.amount, d.daily_rate_bps, p_now FROM due d ORDER BY d.id
      RETURNING 1),
    moves AS (
      SELECT d.id AS ord, d.coin AS asset, d.user_id, d.ledger_shard AS shard, d.amount, 'power_holding:' || d.id AS reference,
             'power-income:' || d.id || ':' || p_day AS idempotency_key,
             jsonb_build_object('kind', 'power_income', 'holdingId', d.id, 'day', p_day) AS meta
        FROM due d WHERE d.amount > 0)
  SELECT (SELECT count(*) FROM page), (SELECT max(p.id) FROM page p), (SELECT count(*) FROM earned),
         (SELECT coalesce(sum(d.amount), 0) FROM due d),
         (SELECT cardinality(ledger_system_batch('power_income', false, false, 'power_income', p_now,
                   array_agg(m.asset ORDER BY m.ord), array_agg(m.user_id ORDER BY m.ord), array_agg(m.shard ORDER BY m.ord),
                   array_agg(m.amount ORDER BY m.ord), array_agg(m.reference ORDER BY m.ord),
                   array_agg(m.idempotency_key ORDER BY m.ord), array_agg(m.meta ORDER BY m.ord)))
            FROM moves m)
    INTO seen, last, rows, total;
END
$$;
--> statement-breakpoint
-- The management fee for the day on every holding that earned it, from the holder's balance of the
-- coin to 'power_fees', capped by the ledger at the balance it reads under lock (less the fees before
-- it in id order); the fee charged, 0 included, kept on the income row.
CREATE FUNCTION power_fee_chunk(
  p_day text, p_now timestamptz, p_after bigint, p_limit integer, p_open boolean,
  OUT seen integer, OUT last bigint, OUT rows integer, OUT total bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_day date := p_day::date;
BEGIN
  seen := 0; rows := 0; total := 0;
  IF NOT p_open THEN RETURN; END IF;
  WITH page AS MATERIALIZED (
      SELECT h.id, h.user_id, h.coin, h.power, h.fee_bps, h.ledger_shard
        FROM power_holdings h
       WHERE h.start_day <= v_day AND h.end_day >= v_day AND h.id > p_after
       ORDER BY h.id LIMIT p_limit),
    moves AS MATERIALIZED (
      SELECT p.id AS ord, p.coin AS asset, p.user_id, p.ledger_shard AS shard, power_share(p.power, p.fee_bps) AS amount,
             'power_holding:' || p.id AS reference, 'power-fee:' || p.id || ':' || p_day AS idempotency_key,
             jsonb_build_object('kind', 'power_fee', 'holdingId', p.id, 'day', p_day) AS meta
        FROM page p
        CROSS JOIN LATERAL (SELECT i.fee FROM power_incomes i WHERE i.holding_id = p.id AND i.day = v_day OFFSET 0) i
       WHERE i.fee IS NULL),
    charged AS (
      SELECT m.ord, c.fee
        FROM unnest((SELECT array_agg(m2.ord ORDER BY m2.ord) FROM moves m2),
                    (SELECT ledger_system_batch('power_fees', true, true, 'power_fee', p_now,
                       array_agg(m3.asset ORDER BY m3.ord), array_agg(m3.user_id ORDER BY m3.ord), array_agg(m3.shard ORDER BY m3.ord),
                       array_agg(m3.amount ORDER BY m3.ord), array_agg(m3.reference ORDER BY m3.ord),
                       array_agg(m3.idempotency_key ORDER BY m3.ord), array_agg(m3.meta ORDER BY m3.ord))
                       FROM moves m3)) AS c(ord, fee)
        JOIN moves m ON m.ord = c.ord),
    kept AS (
      UPDATE power_incomes i SET fee = c.fee FROM charged c
       WHERE i.holding_id = c.ord AND i.day = v_day
      RETURNING c.fee)
  SELECT (SELECT count(*) FROM page), (SELECT max(p.id) FROM page p), (SELECT count(*) FROM kept),
         (SELECT coalesce(sum(k.fee), 0) FROM kept k)
    INTO seen, last, rows, total;
END
$$;
