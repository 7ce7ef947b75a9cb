-- The daily earning job's holding steps (follow-invest earnings and maturity, deposit interest and
-- maturity), one statement per chunk like power's (migration 0041; docs/performance.md, "The daily
-- earning job"). Pieces, each owned by its module:
--   advisor_daily_earning, advisor_management_fee, deposit_daily_interest
--                   the rules of packages/domain earning/advisor.ts (advisorDailyEarning,
--                   advisorManagementFee) and earning/deposit.ts (depositDailyInterest), tied by
--                   holding/dailySql.property.test.ts;
--   ledger_batch    transferBatch (ledger.ts) in SQL for any movements (user or system account on
--                   either side, a type per row): advisor maturity moves the principal less the fee
--                   to the user and the fee to 'fees' in one batch, as transferBatch did;
--   ledger_shard    on advisor_orders and fixed_deposits, the system shard of each holding's
--                   reference (ledger_shard_of, migration 0041), worked out once when the row is written.
-- The shares are computed in numeric, so no product overflows bigint (the domain's are BigInt);
-- div() truncates toward zero as BigInt division does.
CREATE FUNCTION advisor_daily_earning(p_principal bigint, p_daily_rate_bp integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_principal <= 0 THEN 0 ELSE div(p_principal::numeric * p_daily_rate_bp, 10000)::bigint END
$$;
--> statement-breakpoint
CREATE FUNCTION advisor_management_fee(p_principal bigint, p_fee_rate_bp integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_principal <= 0 THEN 0 ELSE div(p_principal::numeric * p_fee_rate_bp, 10000)::bigint END
$$;
--> statement-breakpoint
-- principal x annual rate / (10,000 bp x 365 days).
CREATE FUNCTION deposit_daily_interest(p_principal bigint, p_annual_rate_bp integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_principal <= 0 THEN 0 ELSE div(p_principal::numeric * p_annual_rate_bp, 3650000)::bigint END
$$;
--> statement-breakpoint
-- Many movements in one call, owned by the ledger module (ledger.ts): transferBatch's steps in SQL,
-- so a chunk moves money in the statement that computes it. Row i moves p_amounts[i] of p_assets[i]
-- from user p_from_users[i] or else system account p_from_systems[i], to user p_to_users[i] or else
-- system account p_to_systems[i] (exactly one of each pair is given); a system account's shard is
-- p_shards[i] (ledger_shard_of(p_refs[i]), as transferBatch picks it). Rows of amount 0 move nothing
-- (transferBatch refuses them; callers pass over them). transferBatch's rules hold: accounts are
-- created on first use in its order (by its keys 's:<name>:<asset>:<shard>', 'u:<id>:<asset>'),
-- every account that changes is locked in id order before any changes, balances change by one
-- UPDATE of summed deltas, a user balance never goes below zero (INSUFFICIENT_BALANCE), and one
-- transfer row per movement is written in input order with its type, reference, idempotency key and
-- meta. Returns the number of transfers written.
CREATE FUNCTION ledger_batch(
  p_now timestamptz, p_assets text[], p_from_users bigint[], p_from_systems text[], p_to_users bigint[], p_to_systems text[],
  p_shards integer[], p_amounts bigint[], p_types text[], p_refs text[], p_keys text[], p_metas jsonb[]
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_n integer := coalesce(cardinality(p_assets), 0);
  v_from bigint[];
  v_to bigint[];
  v_changed integer;
  v_expected integer;
  v_written integer;
BEGIN
  IF v_n = 0 THEN RETURN 0; END IF;
  IF coalesce(cardinality(p_from_users), 0) <> v_n OR coalesce(cardinality(p_from_systems), 0) <> v_n
     OR coalesce(cardinality(p_to_users), 0) <> v_n OR coalesce(cardinality(p_to_systems), 0) <> v_n
     OR coalesce(cardinality(p_shards), 0) <> v_n OR coalesce(cardinality(p_amounts), 0) <> v_n
     OR coalesce(cardinality(p_types), 0) <> v_n OR coalesce(cardinality(p_refs), 0) <> v_n
     OR coalesce(cardinality(p_keys), 0) <> v_n OR coalesce(cardinality(p_metas), 0) <> v_n THEN
    RAISE EXCEPTION 'ledger_batch: arrays of different lengths';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts, p_from_users, p_from_systems, p_to_users, p_to_systems, p_shards, p_types, p_refs)
                          r(x, fu, fs, tu, ts, s, t, ref)
              WHERE x IS NULL OR x < 0 OR (fu IS NULL) = (fs IS NULL) OR (tu IS NULL) = (ts IS NULL)
                 OR s IS NULL OR s NOT BETWEEN 0 AND 15 OR t IS NULL OR ref IS NULL) THEN
    RAISE EXCEPTION 'ledger_batch: each row needs an amount >= 0, one account on each side, a shard, a type and a reference';
  END IF;

  FOR attempt IN 1..2 LOOP
    SELECT array_agg(coalesce(fu.id, fs.id) ORDER BY r.i), array_agg(coalesce(tu.id, ts.id) ORDER BY r.i) INTO v_from, v_to
      FROM unnest(p_assets, p_from_users, p_from_systems, p_to_users, p_to_systems, p_shards) WITH ORDINALITY r(asset, fu, fs, tu, ts, s, i)
      LEFT JOIN ledger_accounts fu ON fu.user_id = r.fu AND fu.asset = r.asset
      LEFT JOIN ledger_accounts fs ON fs.system_name = r.fs AND fs.asset = r.asset AND fs.shard = r.s
      LEFT JOIN ledger_accounts tu ON tu.user_id = r.tu AND tu.asset = r.asset
      LEFT JOIN ledger_accounts ts ON ts.system_name = r.ts AND ts.asset = r.asset AND ts.shard = r.s;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM unnest(p_amounts, v_from, v_to) r(x, f, t) WHERE r.x > 0 AND (r.f IS NULL OR r.t IS NULL));
    IF attempt = 2 THEN RAISE EXCEPTION 'ledger_batch: accounts could not be created'; END IF;
    -- Rare (a holder's first coin, a new shard of a system account): create what is missing, in
    -- transferBatch's order (by its keys).
    INSERT INTO ledger_accounts (asset, user_id, system_name, shard)
    SELECT k.asset, k.u, k.sys, k.shard
      FROM (SELECT r.asset, r.fu AS u, r.fs AS sys, CASE WHEN r.fu IS NULL THEN r.s ELSE 0 END AS shard
              FROM unnest(p_assets, p_from_users, p_from_systems, p_shards, p_amounts, v_from) r(asset, fu, fs, s, x, a)
             WHERE r.x > 0 AND r.a IS NULL
            UNION
            SELECT r.asset, r.tu, r.ts, CASE WHEN r.tu IS NULL THEN r.s ELSE 0 END
              FROM unnest(p_assets, p_to_users, p_to_systems, p_shards, p_amounts, v_to) r(asset, tu, ts, s, x, a)
             WHERE r.x > 0 AND r.a IS NULL) k
     ORDER BY (CASE WHEN k.u IS NULL THEN 's:' || k.sys || ':' || k.asset || ':' || k.shard
                    ELSE 'u:' || k.u || ':' || k.asset END) COLLATE "C"
    ON CONFLICT DO NOTHING;
  END LOOP;

  -- Every account this batch changes, locked in id order before any is changed.
  PERFORM 1 FROM ledger_accounts
    WHERE id IN (SELECT v.x FROM unnest(v_from, v_to, p_amounts) r(f, t, amount), LATERAL (VALUES (r.f), (r.t)) v(x)
                  WHERE r.amount > 0)
    ORDER BY id FOR UPDATE;

  UPDATE ledger_accounts a SET balance = a.balance + d.delta
    FROM (SELECT m.id, sum(m.delta) AS delta
            FROM unnest(v_from, v_to, p_amounts) r(f, t, x), LATERAL (VALUES (r.f, -r.x), (r.t, r.x)) m(id, delta)
           WHERE r.x > 0
           GROUP BY m.id) d
   WHERE a.id = d.id AND (a.user_id IS NULL OR a.balance + d.delta >= 0);
  GET DIAGNOSTICS v_changed = ROW_COUNT;
  SELECT count(DISTINCT v.x) INTO v_expected
    FROM unnest(v_from, v_to, p_amounts) r(f, t, amount), LATERAL (VALUES (r.f), (r.t)) v(x)
   WHERE r.amount > 0;
  IF v_changed <> v_expected THEN
    RAISE EXCEPTION 'INSUFFICIENT_BALANCE';
  END IF;

  INSERT INTO ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, idempotency_key, meta, created_at)
  SELECT r.asset, r.f, r.t, r.x, r.type, r.ref, r.k, r.meta, p_now
    FROM unnest(p_assets, v_from, v_to, p_amounts, p_types, p_refs, p_keys, p_metas) WITH ORDINALITY r(asset, f, t, x, type, ref, k, meta, i)
   WHERE r.x > 0
   ORDER BY r.i;
  GET DIAGNOSTICS v_written = ROW_COUNT;
  RETURN v_written;
END
$$;
--> statement-breakpoint
ALTER TABLE "advisor_orders" ADD COLUMN "ledger_shard" integer GENERATED ALWAYS AS (ledger_shard_of('advisor:' || id::text)) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "fixed_deposits" ADD COLUMN "ledger_shard" integer GENERATED ALWAYS AS (ledger_shard_of('fixed_deposit:' || id::text)) STORED NOT NULL;
