-- The daily earning job's power steps, one statement per chunk (docs/performance.md, "The daily
-- earning job"; docs/decisions.md, "The daily earning job"). Three pieces, each owned by its module:
--   ledger_shard_of      the ledger's shardFor (ledger.ts) in SQL, for references of ASCII text
--                        (charCodeAt and ascii() agree there), tied by ledger/shard.property.test.ts;
--   ledger_system_batch  transferBatch's steps for the shape "one system account <-> many users",
--                        owned by the ledger module (ledger.ts), called inside the step's statement;
--   power_share          the power rule's share (packages/domain earning/power.ts powerDailyIncome,
--                        powerDailyFee), tied by power/dailySql.property.test.ts.
-- power_holdings.ledger_shard keeps each holding's shard, worked out once when the row is written.
CREATE FUNCTION ledger_shard_of(p_reference text) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  h bigint := 0;
BEGIN
  -- (hash * 31 + charCode) | 0 in JavaScript: the same sum kept modulo 2^32, read as a signed int32.
  FOR i IN 1..length(p_reference) LOOP
    h := (h * 31 + ascii(substr(p_reference, i, 1))) % 4294967296;
  END LOOP;
  IF h >= 2147483648 THEN
    h := h - 4294967296;
  END IF;
  RETURN (abs(h) % 16)::integer; -- SYSTEM_SHARDS
END
$$;
--> statement-breakpoint
-- One day's share of a holding's power: power x bps / 10,000, truncated (both are never negative:
-- power_holdings' and power_sessions' checks). A LANGUAGE sql expression, so the planner inlines it.
CREATE FUNCTION power_share(p_value bigint, p_bps integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (p_value * p_bps) / 10000 $$;
--> statement-breakpoint
-- Many movements between one system account and users in one call, owned by the ledger module
-- (ledger.ts): transferBatch's steps for the daily job's shape, so a chunk pays in the statement
-- that computes it. Row i moves p_amounts[i] of p_assets[i] between user p_users[i] and shard
-- p_shards[i] (ledger_shard_of(p_refs[i]), as transferBatch picks it) of system account p_system:
-- to the system when p_to_system, else to the user. Rows of amount 0 move nothing. With p_cap
-- (debits of users only) each row moves at most what the user's balance holds after the rows before
-- it (input order), read under the lock: greatest(0, least(amount, balance - earlier)).
-- transferBatch's rules hold: accounts are created on first use in its order (system accounts,
-- then users, by its key; a capped debit creates no user account: none holds nothing), every row
-- that changes is locked in id order before any changes, balances change by one UPDATE of summed
-- deltas, a user balance never goes below zero (INSUFFICIENT_BALANCE), and one transfer row per
-- movement is written in input order with its reference, idempotency key and meta. Returns the
-- amounts moved, in input order.
CREATE FUNCTION ledger_system_batch(
  p_system text, p_to_system boolean, p_cap boolean, p_type text, p_now timestamptz,
  p_assets text[], p_users bigint[], p_shards integer[], p_amounts bigint[], p_refs text[], p_keys text[], p_metas jsonb[]
) RETURNS bigint[] LANGUAGE plpgsql AS $$
DECLARE
  v_n integer := coalesce(cardinality(p_assets), 0);
  v_users bigint[];
  v_systems bigint[];
  v_moved bigint[];
  v_changed integer;
  v_expected integer;
BEGIN
  IF v_n = 0 THEN RETURN '{}'; END IF;
  IF coalesce(cardinality(p_users), 0) <> v_n OR coalesce(cardinality(p_shards), 0) <> v_n
     OR coalesce(cardinality(p_amounts), 0) <> v_n OR coalesce(cardinality(p_refs), 0) <> v_n
     OR coalesce(cardinality(p_keys), 0) <> v_n OR coalesce(cardinality(p_metas), 0) <> v_n THEN
    RAISE EXCEPTION 'ledger_system_batch: arrays of different lengths';
  END IF;
  IF p_cap AND NOT p_to_system THEN
    RAISE EXCEPTION 'ledger_system_batch: only a debit of users is capped';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts, p_users, p_shards) r(x, u, s)
              WHERE x IS NULL OR x < 0 OR u IS NULL OR s IS NULL OR s NOT BETWEEN 0 AND 15) THEN
    RAISE EXCEPTION 'ledger_system_batch: each row needs an amount >= 0, a user and a shard';
  END IF;

  FOR attempt IN 1..2 LOOP
    SELECT array_agg(ua.id ORDER BY r.i), array_agg(sa.id ORDER BY r.i) INTO v_users, v_systems
      FROM unnest(p_assets, p_users, p_shards) WITH ORDINALITY r(asset, u, s, i)
      LEFT JOIN ledger_accounts ua ON ua.user_id = r.u AND ua.asset = r.asset
      LEFT JOIN ledger_accounts sa ON sa.system_name = p_system AND sa.asset = r.asset AND sa.shard = r.s;
    EXIT WHEN NOT EXISTS (
      SELECT 1 FROM unnest(p_amounts, v_users, v_systems) r(x, ua, sa)
       WHERE r.x > 0 AND (r.sa IS NULL OR (r.ua IS NULL AND NOT p_cap)));
    IF attempt = 2 THEN RAISE EXCEPTION 'ledger_system_batch: accounts could not be created'; END IF;
    -- Rare (a day's first payment from a new shard, a holder's first coin): create what is missing,
    -- in transferBatch's order (its keys 's:<name>:<asset>:<shard>', then 'u:<id>:<asset>').
    INSERT INTO ledger_accounts (asset, user_id, system_name, shard)
    SELECT k.asset, k.u, k.s, k.shard
      FROM (SELECT r.asset, NULL::bigint AS u, p_system AS s, r.sh AS shard
              FROM unnest(p_assets, p_shards, p_amounts, v_systems) r(asset, sh, x, sa) WHERE r.x > 0 AND r.sa IS NULL
            UNION
            SELECT r.asset, r.u, NULL, 0
              FROM unnest(p_assets, p_users, p_amounts, v_users) r(asset, u, x, ua) WHERE r.x > 0 AND r.ua IS NULL AND NOT p_cap) k
     ORDER BY (CASE WHEN k.u IS NULL THEN 's:' || k.s || ':' || k.asset || ':' || k.shard
                    ELSE 'u:' || k.u || ':' || k.asset END) COLLATE "C"
    ON CONFLICT DO NOTHING;
  END LOOP;

  -- Every row this batch may change, locked in id order before any is changed (and before a capped
  -- debit reads the balance it is capped by).
  PERFORM 1 FROM ledger_accounts
    WHERE id IN (SELECT x FROM unnest(v_users, v_systems, p_amounts) r(ua, sa, amount), LATERAL (VALUES (r.ua), (r.sa)) v(x)
                  WHERE r.amount > 0 AND x IS NOT NULL)
    ORDER BY id FOR UPDATE;
  IF p_cap THEN
    SELECT array_agg(greatest(0, least(q.x, q.balance - q.earlier)) ORDER BY q.i) INTO v_moved
      FROM (SELECT r.i, r.x, coalesce(a.balance, 0) AS balance,
                   sum(r.x) OVER (PARTITION BY r.ua ORDER BY r.i) - r.x AS earlier
              FROM unnest(p_amounts, v_users) WITH ORDINALITY r(x, ua, i)
              LEFT JOIN ledger_accounts a ON a.id = r.ua) q;
  ELSE
    v_moved := p_amounts;
  END IF;

  UPDATE ledger_accounts a SET balance = a.balance + d.delta
    FROM (SELECT m.id, sum(m.delta) AS delta
            FROM unnest(v_users, v_systems, v_moved) r(ua, sa, x),
                 LATERAL (VALUES (r.ua, CASE WHEN p_to_system THEN -r.x ELSE r.x END),
                                 (r.sa, CASE WHEN p_to_system THEN r.x ELSE -r.x END)) m(id, delta)
           WHERE r.x > 0
           GROUP BY m.id) d
   WHERE a.id = d.id AND (a.user_id IS NULL OR a.balance + d.delta >= 0);
  GET DIAGNOSTICS v_changed = ROW_COUNT;
  SELECT count(DISTINCT x) INTO v_expected
    FROM unnest(v_users, v_systems, v_moved) r(ua, sa, amount), LATERAL (VALUES (r.ua), (r.sa)) v(x)
   WHERE r.amount > 0;
  IF v_changed <> v_expected THEN
    RAISE EXCEPTION 'INSUFFICIENT_BALANCE';
  END IF;

  INSERT INTO ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, idempotency_key, meta, created_at)
  SELECT r.asset, CASE WHEN p_to_system THEN r.ua ELSE r.sa END, CASE WHEN p_to_system THEN r.sa ELSE r.ua END,
         r.x, p_type, r.ref, r.k, r.meta, p_now
    FROM unnest(p_assets, v_users, v_systems, v_moved, p_refs, p_keys, p_metas) WITH ORDINALITY r(asset, ua, sa, x, ref, k, meta, i)
   WHERE r.x > 0
   ORDER BY r.i;
  RETURN v_moved;
END
$$;
--> statement-breakpoint
ALTER TABLE "power_holdings" ADD COLUMN "ledger_shard" integer GENERATED ALWAYS AS (ledger_shard_of('power_holding:' || id::text)) STORED NOT NULL;
