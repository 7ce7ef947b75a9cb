-- place_bets: bets in one statement, one transaction and one commit (placeBets,
-- apps/core/src/modules/game/betting.ts; several at once from the bet batcher, betBatch.ts;
-- docs/performance.md, "Bets placed together"). Every bet goes through it, alone or with others,
-- so that all bets take their locks in the same order. Each bet is place_bet itself, with its own
-- values and its own answer, in the order given; the arrays are parallel, one element per bet.
-- What it adds to place_bet:
--   * first, the locks every bet takes, in the order place_bet takes them and the draw and the
--     settlement too: the bets' sessions FOR SHARE (in id order), then every ledger account the bets
--     can touch (their players' accounts in their coins and the house's shard) in id order, as every
--     ledger writer locks. A batch that took them bet by bet would hold one player's rows while it
--     waited for another's, and deadlock with a settlement or another batch;
--   * a bet whose Idempotency-Key is recorded already answers {"ok": false, "taken": true} and
--     changes nothing (placeBet reads it as KeyTaken), where place_bet's plain INSERT of the key
--     would have failed the whole batch; a key still in flight on another connection fails it
--     (23505), and the batcher then places each bet on its own.
-- Any error undoes every bet of the batch (one statement); the batcher then places them one by one.
CREATE OR REPLACE FUNCTION place_bets(
  p_users bigint[], p_sessions bigint[], p_bet_names text[], p_bases bigint[], p_multiples integer[], p_totals bigint[],
  p_coins text[], p_suffixes text[], p_shard integer, p_default_fee_bps integer, p_nows timestamptz[],
  p_keys text[], p_routes text[], p_request_hashes text[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_answers jsonb[] := '{}';
BEGIN
  PERFORM 1 FROM game_sessions WHERE id = ANY (p_sessions) ORDER BY id FOR SHARE;
  PERFORM 1 FROM ledger_accounts
   WHERE (user_id = ANY (p_users) AND asset = ANY (p_coins))
      OR (system_name = 'house' AND shard = p_shard AND asset = ANY (p_coins))
   ORDER BY id
     FOR UPDATE;
  FOR i IN 1 .. cardinality(p_users) LOOP
    IF p_keys[i] IS NOT NULL AND EXISTS (SELECT 1 FROM idempotency_keys WHERE user_id = p_users[i] AND key = p_keys[i]) THEN
      v_answers := array_append(v_answers, jsonb_build_object('ok', false, 'taken', true));
    ELSE
      v_answers := array_append(v_answers, place_bet(p_users[i], p_sessions[i], p_bet_names[i], p_bases[i], p_multiples[i],
        p_totals[i], p_coins[i], p_suffixes[i], p_shard, p_default_fee_bps, p_nows[i], p_keys[i], p_routes[i], p_request_hashes[i]));
    END IF;
  END LOOP;
  RETURN to_jsonb(v_answers);
END
$$;
