-- Many movements out of one system account in one call, owned by the ledger module (ledger.ts):
-- the in-database form of transferBatch for settlement's shape (house -> each winner, house ->
-- fees), so a session settles in one statement without sending its winners to the client and back.
-- Row i moves p_amounts[i] of p_assets[i], typed p_types[i], from shard p_shard of p_from to user
-- p_users[i] or, where that is null, to shard p_shard of system account p_systems[i].
-- transferBatch's rules hold: accounts are created on first use in its order (by its key: system
-- accounts, then users), every row that changes is locked in id order (no deadlock with transfer(),
-- transferBatch or place_bet), balances change by one UPDATE of summed deltas, and one transfer
-- row is written per movement. Only system accounts are debited, and they may go below zero as
-- in transferBatch, so no balance condition is needed. Returns the number of transfers written.
CREATE FUNCTION ledger_transfer_from_system(
  p_from text, p_shard integer, p_reference text, p_now timestamptz,
  p_assets text[], p_users bigint[], p_systems text[], p_amounts bigint[], p_types text[]
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_n integer := coalesce(cardinality(p_assets), 0);
  v_to bigint[];
  v_from bigint[];
  v_from_assets text[];
BEGIN
  IF v_n = 0 THEN RETURN 0; END IF;
  IF coalesce(cardinality(p_users), 0) <> v_n OR coalesce(cardinality(p_systems), 0) <> v_n
     OR coalesce(cardinality(p_amounts), 0) <> v_n OR coalesce(cardinality(p_types), 0) <> v_n THEN
    RAISE EXCEPTION 'ledger_transfer_from_system: arrays of different lengths';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts, p_users, p_systems) r(x, u, s) WHERE x IS NULL OR x <= 0 OR (u IS NULL) = (s IS NULL)) THEN
    RAISE EXCEPTION 'ledger_transfer_from_system: each amount must be positive and go to one user or one system account';
  END IF;

  FOR attempt IN 1..2 LOOP
    SELECT array_agg(coalesce(ua.id, sa.id) ORDER BY r.i) INTO v_to
      FROM unnest(p_assets, p_users, p_systems) WITH ORDINALITY r(asset, u, s, i)
      LEFT JOIN ledger_accounts ua ON ua.user_id = r.u AND ua.asset = r.asset
      LEFT JOIN ledger_accounts sa ON sa.system_name = r.s AND sa.asset = r.asset AND sa.shard = p_shard;
    SELECT array_agg(f.id ORDER BY f.asset), array_agg(f.asset ORDER BY f.asset) INTO v_from, v_from_assets
      FROM ledger_accounts f
     WHERE f.system_name = p_from AND f.shard = p_shard AND f.asset IN (SELECT DISTINCT unnest(p_assets));
    EXIT WHEN array_position(v_to, NULL) IS NULL
         AND coalesce(cardinality(v_from), 0) = (SELECT count(DISTINCT a) FROM unnest(p_assets) a);
    IF attempt = 2 THEN RAISE EXCEPTION 'ledger_transfer_from_system: accounts could not be created'; END IF;
    -- Rare (a winner always has the account it bet from): create what is missing, in one fixed order.
    INSERT INTO ledger_accounts (asset, user_id, system_name, shard)
    SELECT k.asset, k.u, k.s, CASE WHEN k.u IS NULL THEN p_shard ELSE 0 END
      FROM (SELECT r.asset, r.u, r.s FROM unnest(p_assets, p_users, p_systems, v_to) r(asset, u, s, t) WHERE r.t IS NULL
            UNION SELECT a, NULL::bigint, p_from FROM unnest(p_assets) a WHERE a <> ALL (coalesce(v_from_assets, '{}'))) k
     ORDER BY (CASE WHEN k.u IS NULL THEN 's:' || k.s || ':' || k.asset || ':' || p_shard
                    ELSE 'u:' || k.u || ':' || k.asset END) COLLATE "C"
    ON CONFLICT DO NOTHING;
  END LOOP;

  -- Every row this batch changes, locked in id order before any is changed.
  PERFORM 1 FROM ledger_accounts WHERE id = ANY (v_to || v_from) ORDER BY id FOR UPDATE;
  UPDATE ledger_accounts a SET balance = a.balance + d.delta
    FROM (SELECT m.id, sum(m.delta) AS delta
            FROM (SELECT r.t AS id, r.x AS delta FROM unnest(v_to, p_amounts) r(t, x)
                  UNION ALL
                  SELECT f.id, -r.x FROM unnest(p_assets, p_amounts) r(asset, x)
                    JOIN unnest(v_from, v_from_assets) f(id, asset) ON f.asset = r.asset) m
           GROUP BY m.id) d
   WHERE a.id = d.id;
  INSERT INTO ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
  SELECT r.asset, f.id, r.t, r.x, r.type, p_reference, p_now
    FROM unnest(p_assets, v_to, p_amounts, p_types) WITH ORDINALITY r(asset, t, x, type, i)
    JOIN unnest(v_from, v_from_assets) f(id, asset) ON f.asset = r.asset
   ORDER BY r.i;
  RETURN v_n;
END
$$;
