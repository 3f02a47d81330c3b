-- The PostgreSQL twin of this migration raises the fixture cache's revision once per
-- statement, where each written row raised it: there each update of a row makes a new
-- version of it, and a transaction's n-th update of one row found it through the n-1
-- before (`db copy` grew with the square of the hands copied). SQLite updates a row in
-- place, so its triggers (20261202400000) cost the same for the n-th row as for the
-- first, and stay as they are: this version has nothing to change here.
SELECT 1;
