-- Bets placed together (docs/performance.md, "Bets placed together"), and one order of locks for
-- every bet: its session, then the ledger accounts in id order, then the player's own rows.
--
-- place_bet (a copy of apps/core/src/modules/game/sql/place_bet.sql, its one readable copy): the
-- stake row (the per-session cap) is now raised after the money moved, not before, so that a bet
-- takes its locks in the order the settlement and every ledger writer take theirs (a bet that held
-- its stake row while it waited for its account deadlocked with a batch holding that account).
-- The cap is read first without a lock, so the refusals keep their order.
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
  v_counted bigint;
  v_account bigint;
  v_house bigint;
BEGIN
  -- The room's lists are checked in this statement too (one statement fewer each), against the
  -- arrays PostgreSQL keeps beside their text (game_levels.bet_base_list, bet_multiple_list:
  -- prism_room_list, migration 0044): splitting and casting the text on every bet cost 3-7 % of
  -- place_bet's CPU (docs/performance.md, "place_bet").
  SELECT gs.status, gs.start_at, gs.bet_end_at, gs.period_id, gs.level, l.enable_flag,
         l.chip_min_limit, l.chip_max_limit, l.bet_amount_max, l.odds,
         p_base = ANY (l.bet_base_list) AS base_ok,
         p_multiples = ANY (l.bet_multiple_list) AS multiples_ok
    INTO s
    FROM game_sessions gs JOIN game_levels l ON l.level = gs.level
   WHERE gs.id = p_session
     FOR SHARE OF gs;
  -- The checks in the order listed above; each refusal names its error key.
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
    ELSIF p_total > s.bet_amount_max
       OR p_total + coalesce((SELECT staked FROM game_session_stakes WHERE session_id = p_session AND user_id = p_user), 0) > s.bet_amount_max THEN
      -- Read without a lock, so that a bet both over the cap and over the balance answers the cap,
      -- as the rules are ordered; the stake row's locked raise below is what holds the cap.
      v_error := 'BET_SESSION_LIMIT';
    END IF;
  END IF;

  IF v_error IS NULL THEN
    v_order := 'B' || s.period_id || p_suffix;
    -- The stake to the house, as ledger_move_to_system does it (its steps inlined: one nested call
    -- fewer per bet): the player's account only if its balance covers the stake, the house's shard
    -- made on first use, both rows updated in id order (no deadlock with another transfer), the
    -- debit conditional (never below zero). Its refusal of an amount <= 0 holds here too: the
    -- transfer row's CHECK (ledger_transfers_amount_positive) fails and undoes the whole statement,
    -- as its RAISE did. The accounts come before the player's own rows (the stake row below, the
    -- turnover, the figures, the key): every bet, alone or in place_bets, and the settlement take
    -- their locks in that order (the session, the accounts in id order, then a player's rows).
    SELECT (SELECT id FROM ledger_accounts WHERE user_id = p_user AND asset = p_coin AND balance >= p_total),
           (SELECT id FROM ledger_accounts WHERE system_name = 'house' AND asset = p_coin AND shard = p_shard)
      INTO v_account, v_house;
    IF v_account IS NOT NULL AND v_house IS NULL THEN
      INSERT INTO ledger_accounts (asset, system_name, shard) VALUES (p_coin, 'house', p_shard) ON CONFLICT DO NOTHING;
      SELECT id INTO v_house FROM ledger_accounts WHERE system_name = 'house' AND asset = p_coin AND shard = p_shard;
    END IF;
    IF v_account IS NULL THEN
      v_error := 'INSUFFICIENT_BALANCE';
    ELSIF v_account < v_house THEN
      UPDATE ledger_accounts SET balance = balance - p_total WHERE id = v_account AND balance >= p_total;
      IF NOT FOUND THEN
        v_error := 'INSUFFICIENT_BALANCE';
      ELSE
        UPDATE ledger_accounts SET balance = balance + p_total WHERE id = v_house;
      END IF;
    ELSE
      UPDATE ledger_accounts SET balance = balance + p_total WHERE id = v_house;
      UPDATE ledger_accounts SET balance = balance - p_total WHERE id = v_account AND balance >= p_total;
      IF NOT FOUND THEN
        v_error := 'INSUFFICIENT_BALANCE';
        -- Undo the credit: the row stays locked to our commit, so nobody saw it.
        UPDATE ledger_accounts SET balance = balance - p_total WHERE id = v_house;
      END IF;
    END IF;
    IF v_error IS NULL THEN
      -- The user's stake in this session, raised only while it stays within the cap: one row, not a
      -- sum over the user's bets. Its lock (held to commit) queues one user's bets in a session, so
      -- the cap cannot be raced; a bet that lost the race gives the stake back to the player (the
      -- rows stay locked to our commit, so nobody saw it move).
      INSERT INTO game_session_stakes AS st (session_id, user_id, staked) VALUES (p_session, p_user, p_total)
      ON CONFLICT (session_id, user_id) DO UPDATE SET staked = st.staked + excluded.staked
       WHERE st.staked + excluded.staked <= s.bet_amount_max;
      IF NOT FOUND THEN
        v_error := 'BET_SESSION_LIMIT';
        UPDATE ledger_accounts SET balance = balance + p_total WHERE id = v_account;
        UPDATE ledger_accounts SET balance = balance - p_total WHERE id = v_house;
      ELSE
        INSERT INTO ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
        VALUES (p_coin, v_account, v_house, p_total, 'bet', 'bet:' || v_order, p_now);
      END IF;
    END IF;
  END IF;

  IF v_error IS NOT NULL THEN
    v_answer := jsonb_build_object('ok', false, 'key', v_error, 'fields', '{}'::jsonb);
  ELSE
    v_fee := (p_total * coalesce((s.odds ->> 'feeBps')::bigint, p_default_fee_bps)) / 10000;
    INSERT INTO game_bets (order_no, user_id, session_id, level, period_id, bet_name, base_amount, multiples, total, fee, coin, status, created_at)
    VALUES (v_order, p_user, p_session, s.level, s.period_id, p_bet_name, p_base, p_multiples, p_total, v_fee, p_coin, 'PENDING', p_now)
    RETURNING id INTO v_bet;
    -- The stake's value toward the turnover: CHIP, GOLD and POINT count toward CASH, each at its value
    -- in CASH, CASH and USDT as they are (prism_stake_turnover's rule, prism_coin_value's steps inlined:
    -- one nested PL/pgSQL call fewer per bet, docs/performance.md, "place_bet"; the domain's
    -- stakeTurnover, which stakeTurnover.api.test.ts ties to bets in every coin). The home row is
    -- written even when the stake counts nothing: lockTurnoverRows relies on every bet writing it
    -- before its figure rows.
    IF p_coin = 'CASH' OR p_coin = 'USDT' THEN
      v_counted := p_total;
    ELSE
      SELECT floor(p_total * r.rate::numeric)::bigint INTO v_counted
        FROM exchange_rates r WHERE r.from_asset = p_coin AND r.to_asset = 'CASH';
      IF v_counted IS NULL THEN
        v_counted := coalesce((SELECT floor(floor(p_total * a.rate::numeric) * b.rate::numeric)::bigint
                                 FROM exchange_rates a JOIN exchange_rates b ON b.from_asset = 'CHIP' AND b.to_asset = 'CASH'
                                WHERE a.from_asset = p_coin AND a.to_asset = 'CHIP'), 0);
      END IF;
    END IF;
    INSERT INTO turnover (user_id, currency, done)
    VALUES (p_user, CASE WHEN p_coin = 'USDT' THEN 'USDT' ELSE 'CASH' END, v_counted)
    ON CONFLICT (user_id, currency) DO UPDATE SET done = turnover.done + excluded.done;
    -- The player's figures (game_user_quarters, game_user_totals): the stake placed in this quarter
    -- hour and coin, and the bet counted, and the running totals, so that getUserInfo and My play
    -- read rows, not bets (getUserInfo sums the CASH family's rows).
    INSERT INTO game_user_quarters AS q (user_id, quarter, settled, coin, staked, bets)
    VALUES (p_user, date_bin('900 seconds', p_now, timestamptz '2000-01-01 00:00:00+00'), false, p_coin, p_total, 1)
    ON CONFLICT (user_id, quarter, settled, coin) DO UPDATE SET staked = q.staked + excluded.staked, bets = q.bets + 1;
    -- staked_value: the stake's value in CASH, the level module's `bet` figure (CASH-family stakes
    -- are already valued in CASH for the turnover; a USDT stake is valued here).
    INSERT INTO game_user_totals AS t (user_id, staked_cash, staked_all, staked_value)
    VALUES (p_user, CASE WHEN p_coin = 'USDT' THEN 0 ELSE p_total END, p_total,
            CASE WHEN p_coin = 'USDT' THEN prism_coin_value(p_coin, p_total, 'CASH') ELSE v_counted END)
    ON CONFLICT (user_id) DO UPDATE SET staked_cash = t.staked_cash + excluded.staked_cash, staked_all = t.staked_all + excluded.staked_all,
      staked_value = t.staked_value + excluded.staked_value;
    -- toWireBet of the row just written (views.ts); game tests compare the two.
    v_answer := jsonb_build_object('ok', true, 'result', jsonb_build_object(
      'id', v_bet, 'orderNo', v_order, 'gameSessionId', p_session, 'periodId', s.period_id, 'level', s.level,
      'betName', p_bet_name, 'baseAmount', prism_money(p_base), 'betMultiples', p_multiples,
      'totalBetAmount', prism_money(p_total), 'fee', prism_money(v_fee), 'coin', p_coin, 'status', 'PENDING',
      'incomeAmount', '0.00', 'profit', '0.00',
      'betTime', to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'completeTime', NULL));
  END IF;

  IF p_key IS NOT NULL THEN
    -- A plain insert: a key already there fails the primary key (SQLSTATE 23505 on
    -- idempotency_keys_user_id_key_pk), which undoes the whole statement, as the PRK01 it raised
    -- before did; placeBet reads it as KeyTaken. A concurrent first use of the key waits here for
    -- the other's commit, then fails the same way. ON CONFLICT DO NOTHING cost a speculative
    -- insertion (its check of the index, its lock) on every bet for the sake of the rare replay.
    INSERT INTO idempotency_keys (user_id, key, route, request_hash, outcome, created_at)
    VALUES (p_user, p_key, p_route, p_request_hash, v_answer, p_now);
  END IF;
  IF v_error = 'SELF_EXCLUDED' THEN
    v_answer := v_answer || jsonb_build_object('until', v_until);
  END IF;
  RETURN v_answer;
END
$$;
--> statement-breakpoint
-- place_bets: several bets in one statement, one transaction and one commit (called by the bet
-- batcher, apps/core/src/modules/game/betBatch.ts, through placeBets in betting.ts). Each bet is
-- place_bet itself, with its own values and its own answer, in the order given; the arrays are
-- parallel, one element per bet. What it adds to place_bet:
--   * all its bets are in one session (the batcher groups them so), and it first takes the locks
--     they take, in the order a lone bet, the draw and the settlement take theirs: the session FOR
--     SHARE, then every ledger account the bets can touch (their players' accounts in their coins
--     and the house's shard) in id order. Taken bet by bet, a batch would hold one player's account
--     while it waited for another's, and deadlock with a settlement or another batch; holding
--     accounts, it must never wait for a session either (the draw and settlement hold theirs
--     FOR UPDATE while they take accounts), hence one session, locked first;
--   * a bet whose Idempotency-Key is recorded already answers {"ok": false, "taken": true} and
--     changes nothing (placeBet reads it as KeyTaken), where place_bet's plain INSERT of the key
--     would have failed the whole batch; a key still in flight on another connection fails it
--     (23505), and the batcher then places each bet on its own.
-- Any error undoes every bet of the batch (one statement); the batcher then places them one by one.
CREATE OR REPLACE FUNCTION place_bets(
  p_users bigint[], p_session bigint, p_bet_names text[], p_bases bigint[], p_multiples integer[], p_totals bigint[],
  p_coins text[], p_suffixes text[], p_shard integer, p_default_fee_bps integer, p_nows timestamptz[],
  p_keys text[], p_routes text[], p_request_hashes text[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_answers jsonb[] := '{}';
BEGIN
  PERFORM 1 FROM game_sessions WHERE id = p_session FOR SHARE;
  PERFORM 1 FROM ledger_accounts
   WHERE (user_id = ANY (p_users) AND asset = ANY (p_coins))
      OR (system_name = 'house' AND shard = p_shard AND asset = ANY (p_coins))
   ORDER BY id
     FOR UPDATE;
  FOR i IN 1 .. cardinality(p_users) LOOP
    IF p_keys[i] IS NOT NULL AND EXISTS (SELECT 1 FROM idempotency_keys WHERE user_id = p_users[i] AND key = p_keys[i]) THEN
      v_answers := array_append(v_answers, jsonb_build_object('ok', false, 'taken', true));
    ELSE
      v_answers := array_append(v_answers, place_bet(p_users[i], p_session, p_bet_names[i], p_bases[i], p_multiples[i],
        p_totals[i], p_coins[i], p_suffixes[i], p_shard, p_default_fee_bps, p_nows[i], p_keys[i], p_routes[i], p_request_hashes[i]));
    END IF;
  END LOOP;
  RETURN to_jsonb(v_answers);
END
$$;
