-- Which closing stands (the latest whole-match correction, else the match's own
-- closing) is decided in one place, crate::matches::correction::standing_closing,
-- which the loader, the ratings, the history and verify all call. The view that
-- wrote the same rule in SQL (migration 20261205000000) is read by nothing since, so
-- it goes: one definition of the rule, not two that could drift apart.
DROP VIEW match_endings;
