-- goobalay schema: an event's details, entered with the tournament (`tournament new
-- --city --federation --start --end --arbiter --round-dates`, or read from an
-- imported TRF) and written in its TRF (records 022, 032, 042, 052, 102 and 132).
-- NULL: not given (a tournament made before this has none).
ALTER TABLE tournaments ADD COLUMN city TEXT;
ALTER TABLE tournaments ADD COLUMN federation TEXT;
-- dates as YYYY-MM-DD
ALTER TABLE tournaments ADD COLUMN start_date TEXT;
ALTER TABLE tournaments ADD COLUMN end_date TEXT;
ALTER TABLE tournaments ADD COLUMN chief_arbiter TEXT;
-- the rounds' dates, round 1 first, comma-separated YYYY-MM-DD
ALTER TABLE tournaments ADD COLUMN round_dates TEXT;
