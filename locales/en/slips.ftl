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
