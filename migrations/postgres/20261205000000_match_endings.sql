-- How a match ended when it was not played out on the board, in one place for every
-- listing (history, a player's record, the ratings): the latest whole-match
-- correction if there is one ('match': a result entered, 'absent': a forfeit, 'void'),
-- else the match's own closing ('match', 'forfeit'). One row per match: `ending` is
-- 'entered', 'forfeit', 'void', or NULL (played out, or still in play); `absent` says
-- who did not come to a forfeit ('south', 'north', 'both').
--
-- Written over `matches` alone, with the lookups as subqueries, so that a query for
-- one match reads only that match's rows (SQLite folds such a view into the query;
-- a join of the three tables would be built whole for every query).
CREATE VIEW match_endings AS
SELECT m.id AS match_id,
       CASE COALESCE(
                (SELECT wc.kind FROM match_corrections wc
                 WHERE wc.match_id = m.id AND wc.kind <> 'score' ORDER BY wc.id DESC LIMIT 1),
                (SELECT c.kind FROM match_closings c WHERE c.match_id = m.id))
           WHEN 'match' THEN 'entered'
           WHEN 'absent' THEN 'forfeit'
           WHEN 'forfeit' THEN 'forfeit'
           WHEN 'void' THEN 'void'
       END AS ending,
       CASE WHEN EXISTS (SELECT 1 FROM match_corrections wc
                         WHERE wc.match_id = m.id AND wc.kind <> 'score')
           THEN (SELECT wc.absent FROM match_corrections wc
                 WHERE wc.match_id = m.id AND wc.kind <> 'score' ORDER BY wc.id DESC LIMIT 1)
           ELSE (SELECT c.absent FROM match_closings c WHERE c.match_id = m.id)
       END AS absent
FROM matches m;
