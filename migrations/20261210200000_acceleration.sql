-- goobalay schema: a Swiss's accelerated pairings (`tournament new --acceleration
-- baku`, FIDE C.04.5.1): 'baku', or NULL for none, as every tournament made before
-- this was paired.
ALTER TABLE tournaments ADD COLUMN acceleration TEXT;
