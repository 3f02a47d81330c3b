-- goobalay schema: a Swiss's initial colour (`tournament new --initial
-- south|north|lot`, or an imported TRF's `152`): pairing number 1's side in round
-- 1, 'south', 'north' or 'lot' (drawn from the tournament's seed). NULL: south, as
-- every tournament made before this was paired.
ALTER TABLE tournaments ADD COLUMN initial_colour TEXT;
