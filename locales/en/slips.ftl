# goobalay tournament pairings NAME --layout slips --lang en: the printed result
# slips. Names (players, the tournament) are filled in, never translated.

slip-heading = { $tournament }, round { $round }, board { $board }
slip-match = (match { $match })
slip-south-first = South (moves first):
slip-south = South
slip-north = North
slip-south-label = South:
slip-north-label = North:
slip-result = Result:
slip-seeds = Seeds:
slip-signed = Signed:
slip-south-won = South won
slip-north-won = North won
slip-draw = Draw
slip-game = Game { $game } of { $games }: { $side } ({ $name }) moves first
slip-none = { $tournament }: round { $round } of { $rounds }: no board with two players

## The players' report slips (printed after the result slips when codes are made)

slip-codes-intro =
    Report codes: one slip a player, cut along the lines. A code reports only
    its holder's match of this round; printing the slips again makes new codes.
slip-code-versus = { $player } ({ $side }) v { $opponent }
slip-code = Your code: { $code }
slip-code-report-at = Report your result at
slip-code-scan = (or scan the square).
slip-code-keep =
    Keep the code to yourself:
    it reports your match.
