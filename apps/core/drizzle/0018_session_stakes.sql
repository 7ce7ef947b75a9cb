CREATE TABLE "game_session_stakes" (
	"session_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"staked" bigint NOT NULL,
	CONSTRAINT "game_session_stakes_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
DROP INDEX "game_bets_user_session_idx";
--> statement-breakpoint
-- Bets already placed in sessions still open count toward their cap.
INSERT INTO game_session_stakes (session_id, user_id, staked)
SELECT b.session_id, b.user_id, sum(b.total) FROM game_bets b JOIN game_sessions s ON s.id = b.session_id
 WHERE s.status = 'open' GROUP BY b.session_id, b.user_id;
--> statement-breakpoint
-- As in 0016, with both accounts found by one statement instead of two.
CREATE OR REPLACE FUNCTION ledger_move_to_system(
  p_asset text, p_user bigint, p_system text, p_shard integer, p_amount bigint,
  p_type text, p_reference text, p_now timestamptz
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_user bigint;
  v_system bigint;
  v_transfer bigint;
BEGIN
  IF p_amount <= 0 THEN RAISE EXCEPTION 'transfer amount must be positive, got %', p_amount; END IF;
  -- A balance that plainly cannot cover it is refused before anything is written (no shard created).
  SELECT (SELECT id FROM ledger_accounts WHERE user_id = p_user AND asset = p_asset AND balance >= p_amount),
         (SELECT id FROM ledger_accounts WHERE system_name = p_system AND asset = p_asset AND shard = p_shard)
    INTO v_user, v_system;
  IF v_user IS NULL THEN RETURN NULL; END IF;
  IF v_system IS NULL THEN
    INSERT INTO ledger_accounts (asset, system_name, shard) VALUES (p_asset, p_system, p_shard) ON CONFLICT DO NOTHING;
    SELECT id INTO v_system FROM ledger_accounts WHERE system_name = p_system AND asset = p_asset AND shard = p_shard;
  END IF;
  IF v_user < v_system THEN
    UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = v_user AND balance >= p_amount;
    IF NOT FOUND THEN RETURN NULL; END IF;
    UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = v_system;
  ELSE
    UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = v_system;
    UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = v_user AND balance >= p_amount;
    IF NOT FOUND THEN
      -- Undo the credit: the row stays locked to our commit, so nobody saw it.
      UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = v_system;
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
  VALUES (p_asset, v_user, v_system, p_amount, p_type, p_reference, p_now)
  RETURNING id INTO v_transfer;
  RETURN v_transfer;
END
$$;
--> statement-breakpoint
-- As in 0016, with the room's lists checked in the session's statement and the per-session cap
-- kept in game_session_stakes (one row per user and session) instead of a per-user advisory lock
-- and a sum over the user's bets in the session, which grew with every bet.
CREATE OR REPLACE FUNCTION place_bet(
  p_user bigint, p_session bigint, p_bet_name text, p_base bigint, p_multiples integer, p_total bigint,
  p_coin text, p_suffix text, p_shard integer, p_default_fee_bps integer, p_now timestamptz,
  p_key text, p_route text, p_request_hash text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  s record;
  v_error text;
  v_until timestamptz;
  v_fee bigint;
  v_order text;
  v_bet bigint;
  v_answer jsonb;
BEGIN
  -- The room's lists are checked in this statement too (one statement fewer each).
  SELECT gs.status, gs.start_at, gs.bet_end_at, gs.period_id, gs.level, l.enable_flag,
         l.chip_min_limit, l.chip_max_limit, l.bet_amount_max, l.odds,
         p_base = ANY (SELECT trim(x)::bigint FROM unnest(string_to_array(l.bet_base_amounts, ',')) x WHERE trim(x) <> '') AS base_ok,
         p_multiples = ANY (SELECT trim(x)::integer FROM unnest(string_to_array(l.bet_multiples, ',')) x WHERE trim(x) <> '') AS multiples_ok
    INTO s
    FROM game_sessions gs JOIN game_levels l ON l.level = gs.level
   WHERE gs.id = p_session
     FOR SHARE OF gs;
  -- The checks in placeBet's order, so each refusal names the same error.
  IF NOT FOUND OR s.status <> 'open' OR p_now < s.start_at OR p_now >= s.bet_end_at OR NOT s.enable_flag THEN
    v_error := 'ERROR_SESSION';
  ELSIF NOT s.base_ok THEN
    v_error := 'BET_BASE_INVALID';
  ELSIF NOT s.multiples_ok THEN
    v_error := 'BET_MULTIPLE_INVALID';
  ELSIF p_total <> p_base * p_multiples THEN
    v_error := 'BET_TOTAL_MISMATCH';
  ELSIF p_total < s.chip_min_limit OR p_total > s.chip_max_limit THEN
    v_error := 'BET_LIMIT';
  ELSE
    SELECT excluded_until INTO v_until FROM player_protection WHERE user_id = p_user;
    IF v_until IS NOT NULL AND v_until > p_now THEN
      v_error := 'SELF_EXCLUDED';
    ELSIF p_total > s.bet_amount_max THEN
      v_error := 'BET_SESSION_LIMIT';
    ELSE
      -- The user's stake in this session, raised only while it stays within the cap: one row, not a
      -- sum over the user's bets. Its lock (held to commit, taken even when the cap refuses) queues
      -- one user's bets in a session, so the cap cannot be raced.
      INSERT INTO game_session_stakes AS st (session_id, user_id, staked) VALUES (p_session, p_user, p_total)
      ON CONFLICT (session_id, user_id) DO UPDATE SET staked = st.staked + excluded.staked
       WHERE st.staked + excluded.staked <= s.bet_amount_max;
      IF NOT FOUND THEN
        v_error := 'BET_SESSION_LIMIT';
      END IF;
    END IF;
  END IF;

  IF v_error IS NULL THEN
    v_order := 'B' || s.period_id || p_suffix;
    IF ledger_move_to_system(p_coin, p_user, 'house', p_shard, p_total, 'bet', 'bet:' || v_order, p_now) IS NULL THEN
      v_error := 'INSUFFICIENT_BALANCE';
      -- Nothing was staked after all (the row stays locked to our commit, so nobody saw the raise).
      UPDATE game_session_stakes SET staked = staked - p_total WHERE session_id = p_session AND user_id = p_user;
    END IF;
  END IF;

  IF v_error IS NOT NULL THEN
    v_answer := jsonb_build_object('ok', false, 'key', v_error, 'fields', '{}'::jsonb);
  ELSE
    v_fee := (p_total * coalesce((s.odds ->> 'feeBps')::bigint, p_default_fee_bps)) / 10000;
    INSERT INTO game_bets (order_no, user_id, session_id, level, period_id, bet_name, base_amount, multiples, total, fee, coin, status, created_at)
    VALUES (v_order, p_user, p_session, s.level, s.period_id, p_bet_name, p_base, p_multiples, p_total, v_fee, p_coin, 'PENDING', p_now)
    RETURNING id INTO v_bet;
    -- CHIP, GOLD and POINT count toward CASH.
    INSERT INTO turnover (user_id, currency, done) VALUES (p_user, CASE WHEN p_coin = 'USDT' THEN 'USDT' ELSE 'CASH' END, p_total)
    ON CONFLICT (user_id, currency) DO UPDATE SET done = turnover.done + excluded.done;
    -- toWireBet of the row just written (views.ts); game tests compare the two.
    v_answer := jsonb_build_object('ok', true, 'result', jsonb_build_object(
      'id', v_bet, 'orderNo', v_order, 'gameSessionId', p_session, 'periodId', s.period_id, 'level', s.level,
      'betName', p_bet_name, 'baseAmount', prism_money(p_base), 'betMultiples', p_multiples,
      'totalBetAmount', prism_money(p_total), 'fee', prism_money(v_fee), 'coin', p_coin, 'status', 'PENDING',
      'incomeAmount', '0.00', 'profit', '0.00',
      'betTime', to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'completeTime', NULL));
  END IF;

  IF p_key IS NOT NULL THEN
    -- A concurrent first use of the key waits here for the other's commit, then finds it taken.
    INSERT INTO idempotency_keys (user_id, key, route, request_hash, outcome, created_at)
    VALUES (p_user, p_key, p_route, p_request_hash, v_answer, p_now)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'idempotency key taken' USING ERRCODE = 'PRK01';
    END IF;
  END IF;
  IF v_error = 'SELF_EXCLUDED' THEN
    v_answer := v_answer || jsonb_build_object('until', v_until);
  END IF;
  RETURN v_answer;
END
$$;
