# goobalay serve: the words of the web pages, in English.
# Arguments ({ $name }) are filled in by the program: player names and the games'
# names are never translated. Every message here must be in every other
# language's web.ftl (a test checks it).

## Every page

# chrono's strftime pattern of the date in each page's header
date-long = %A %-d %B %Y, %H:%M
tournaments = Tournaments
live-title = updates by itself
live-on = live
live-off = reconnecting
languages = Languages

## Refusals shown as a page

error-title = { $status ->
    [400] Bad Request
    [403] Forbidden
    [404] Not Found
    [405] Method Not Allowed
    [408] Request Timeout
    [409] Conflict
    [413] Payload Too Large
    [500] Internal Server Error
    [503] Service Unavailable
   *[other] Error
}
error-database = The database could not be read; the server's log says why.
error-no-page = There is no such page.
error-no-tournament = There is no tournament with that id.
error-no-match = There is no match with that id.
error-no-player = There is no player with that id.

## The list of tournaments

index-empty = No tournament yet ({ $command } creates one).
col-tournament = Tournament
col-game = Game
col-system = System
col-status = Status
col-players = Players
col-rounds = Rounds
col-results = Results
col-created = Created
word-finished = finished
word-not-started = not started
word-in-progress = in progress
events-in-progress = { $count ->
    [0] no event in progress
    [one] 1 event in progress
   *[other] { $count } events in progress
}
format-round-robin = round-robin
format-double-round-robin = double-round-robin
format-swiss = swiss
format-knockout = knockout
format-monrad = monrad

## A tournament

progress-not-started = not started: entries open
progress-in-progress = in progress: round { $round } of { $rounds }
progress-closed-early = finished after round { $round } of { $rounds } (closed early)
progress-finished = finished after round { $round }
tournament-sub = { $form } matches · { $players } players · points { $win },{ $draw },{ $loss },{ $bye }
form-single = single
form-hands = hands
form-games = games:{ $games }
entries = Entries
no-round-yet = No round paired yet.
round-heading = Round { $round }
round-lower = round { $round }
round-short-lower = r{ $round }
last-round = (last round)
bracket = Bracket
standings = Standings
standings-after = after round { $round } of { $rounds }
standings-final = { $text }, final
standings-in-progress = { $text } (round { $round } in progress)
standings-counted = { $counted } of round { $round }'s { $boards } results
standings-with = { $text }, with { $counted }
acceleration-baku = Baku acceleration: group A ({ $count } players, { $first } to { $last }) is paired with { $full } virtual point up to round { $full-until } and { $half } up to round { $half-until }; virtual points count for pairing only, never in points or tiebreaks.
and = and
prizes = Prizes
prizes-final = final
prizes-as-standing = as the standings stand
col-prize = Prize
col-value = Value
col-winner = Winner
col-place = Place
col-amount = Amount
nobody = (nobody)
earlier-rounds = Earlier rounds
standings-after-round = Standings after round { $round }
crosstable = Crosstable
records = The director's records
record-unpaired = Round { $round } as paired at { $paired } was taken back at { $at }
record-by-hand = Round { $round } was paired by hand
record-corrected = Match { $match } corrected at { $at }
record-before-after = { $before } before, { $after } after
summary-seeds = ({ $south }-{ $north })
summary-unplayed = unplayed, nobody scores
summary-south-by-forfeit = 1-0 by forfeit
summary-north-by-forfeit = 0-1 by forfeit
summary-draw = draw
summary-none = no result
correction-hand = hand { $hand } to { $score }
correction-games = the games to { $scores }
correction-match = the whole match to { $result }
correction-double-forfeit = the match to a double forfeit (both absent)
correction-forfeit-south = the match to a forfeit, south absent
correction-forfeit-north = the match to a forfeit, north absent
correction-void = the match to void (annulled)
record-closed = Closed at { $at }
record-reopened = Reopened at { $at }
projector-view = Projector view
to-be-paired = to be paired
third-place = Third place

## A round's boards

col-board = Board
col-south-first = South (first)
col-result = Result
col-north = North
col-seeds = Seeds
replay-title = replay
playing = playing
bye = bye
bye-half-point = half-point bye
bye-zero-point = zero-point bye
outside-the-pairing = outside the pairing

## Standings

col-name = Name
col-points = Points
games-played = games played
col-played = Played
col-won-short = W
col-drawn-short = D
col-lost-short = L
col-byes = Byes
col-reached = Reached
reached-round = round { $round }
withdrawn = (withdrawn)
rating-all-games = Elo (all games)
legend-title = What the columns mean
legend-rating = each player's rating when seeded (round 1, or a late entry)
legend-played-term = Played, W, D, L
legend-played = games played (byes and forfeits not counted): won, drawn, lost
legend-byes = byes of every kind
legend-shared = tied on points and every tiebreak (listed by starting rank)
tb-buchholz-short = BH
tb-buchholz = Buchholz, the opponents' points added up (a round not played counts as FIDE C.07 says)
tb-buchholz-cut1-short = BH-C1
tb-buchholz-cut1 = Buchholz without the opponent with the fewest points
tb-sonneborn-berger-short = SB
tb-sonneborn-berger = Sonneborn-Berger, the points of the opponents beaten, and half those of the opponents drawn
tb-head-to-head-short = H2H
tb-head-to-head = head-to-head, the points among the tied players only
tb-wins-short = Wins
tb-wins = games won
tb-seed-difference-short = Seeds+/-
tb-seed-difference = seeds won minus seeds lost, over all games

## Crosstable

round-by-round = Round by round
round-short = R{ $round }
player-against-player = Player against player
side-south-short = s
side-north-short = n
cross-legend-results = 1 won, ½ drawn, 0 lost;
cross-legend-forfeit-won = won by forfeit,
cross-legend-forfeit-lost = lost by forfeit;
cross-legend-pairing-bye = the pairing bye,
cross-legend-half-bye = a half-point bye,
cross-legend-zero-bye = a zero-point bye;
cross-legend-rest = * playing, . not paired; the small number is the opponent's place, s/n the side (South moves first).

## A player

player = player
engine-player = engine player ({ $level })
added-at = added { $at }
retired-at = retired { $at }
match-count = { $count ->
    [one] 1 match
   *[other] { $count } matches
}
playing-matches = playing { $count ->
    [one] 1 match
   *[other] { $count } matches
}
no-match-in-progress = no match in progress
tally = won { $won }{ $won_by_forfeit ->
    [0] {""}
   *[other] {" "}({ $won_by_forfeit } by forfeit)
}, drawn { $drawn }, lost { $lost }{ $lost_by_forfeit ->
    [0] {""}
   *[other] {" "}({ $lost_by_forfeit } by forfeit)
}
tally-void = { $text }, void { $void }
tally-playing = { $text }, in play { $playing }
rating-history = rating history, { $game }
rating-chart-caption = { $system } over { $count ->
    [one] 1 rated match
   *[other] { $count } rated matches
}: { $low } to { $high }, now { $now }
ratings = Ratings
col-rated-matches = Rated matches
col-starting-rating = Starting rating
unrated = unrated
every-variant = every variant
other-variants = other variants
matches = Matches
no-match-yet = No match yet.
col-date = Date
col-south = South
col-event = Event

## A match and its replay

match-finished = match finished: { $result }
match-in-progress = match in progress
result-in-play = in play
result-void = void
result-double-forfeit = double forfeit
result-won-by-forfeit = { $name } won by forfeit
result-draw-entered = draw (entered)
result-won-entered = { $name } won (entered)
result-draw = draw
result-won = { $name } won
result-corrected = { $text }, corrected
col-hand = Hand
col-first = First
col-moves = Moves
col-end = End
replay = Replay
no-hand-played = No hand was played on the board here (results were entered).
hand-label = Hand
first-position = first position
previous-move = previous move
next-move = next move
last-position = last position
hand-after-move = Hand { $hand }, after move { $step }
uurs = Uurs:
souths = South's
norths = North's
south = South
north = North
captured = captured { $captured }
captured-kept = captured { $captured }, kept { $kept }
end-no-moves = no-moves
end-all-captured = all-captured
end-repetition = repetition
end-result = result
move-passes = passes
move-relays = sows { $laps } laps (relays { $relays ->
    [1] once
    [2] twice
   *[other] { $relays } times
})
move-makes-uurs = makes two Uurs
move-captures = captures { $captured }
move-captures-own-row = captures { $captured } (from the mover's own row)
move-captures-some-from = captures { $captured } ({ $from } from the opponent's row)
move-captures-nothing = captures nothing

## The engine review

mark-inaccuracy = inaccuracy
mark-mistake = mistake
mark-blunder = blunder
side-south = south
side-north = north
review-title = Engine review
review-not-yet = Not reviewed yet: a review is made at the director's desk with { $command }
review-engine = Engine version { $version }, { $nodes } nodes a position.
review-loss = Loss: the seeds a move gave away against the best move found, from the mover's side.
review-graph-label = value of hand { $hand } over its moves, from South's side
review-graph-caption = Hand { $hand }: value for South over { $moves } moves, { $start } at the start, { $end } at the end (seeds; above the line South is ahead)
review-accuracy = { $accuracy }% accuracy, { $loss } seeds lost a move on average, { $inaccuracies ->
    [one] 1 inaccuracy
   *[other] { $inaccuracies } inaccuracies
}, { $mistakes ->
    [one] 1 mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [one] 1 blunder
   *[other] { $blunders } blunders
}
review-no-choice = no move with a choice
review-hand = Hand { $hand }
review-arranged = { $name } arranged { $played }, losing { $loss }
review-best-found = (best found { $best })
review-forced = forced
col-player = Player
col-move = Move
col-best = Best
col-value-mover = Value (mover)
col-loss = Loss
col-mark = Mark
accuracy-title = Accuracy (engine reviews)
col-match = Match
col-opponent = Opponent
col-accuracy = Accuracy
col-average-loss = Average loss
col-inaccuracies = Inaccuracies
col-mistakes = Mistakes
col-blunders = Blunders
match-number = match { $match }
percent = { $value }%

## The director's page

director-title = { $name }: results
director-sub = Result entry for the director. Each result goes through the same checks as { $command }.
director-secret = Secret (printed by { $command })
director-all-in = Round { $round }: every match has a result.
director-to-enter = Round { $round }: { $count } to enter
board-number = Board { $board }
south-first-versus = (South, first) v
north-in-brackets = (North)
seeds-placeholder = seeds S,N
seeds-label = seeds South,North
reason-placeholder = reason (kept with the correction)
reason-label = reason
check = Check
store-it = Store it
change = Change
result-label = result
choose-result = choose the result
south-wins = South wins: { $name }
north-wins = North wins: { $name }
draw = Draw
forfeit-south = Forfeit: { $name } (South) did not come
forfeit-north = Forfeit: { $name } (North) did not come
forfeit-both = Forfeit: neither came
not-played-void = Not played: void
engine-boards = Played by the engine, no result to enter:
engine-board = board { $board }
withdrawal = Withdrawal
player-label = Player
choose-player = choose a player
forfeit-pending = also forfeit their unfinished match of round { $round }
bye-asked = A bye asked for round { $round }
points-label = Points
choose = choose
bye-points-half = half a point
bye-points-zero = no point
tournament-page = The tournament's page

## Written into the page by app.js ({ $name } and the like are filled in there)

js-hand-move = Hand { $hand }, move { $step } of { $steps }: { $name } ({ $side }) plays { $move } and { $text }
js-hand-start = Hand { $hand }, the start: { $name } ({ $side }) moves first
js-over = Over ({ $end }): South { $south }, North { $north }
js-review-played = Review: { $name }'s { $move } lost
js-seeds-lost = { $loss } seeds
js-only-move = , the only move.
js-best-was = ; best was { $best }.
js-a-best-move = , a best move.
js-best-now = Best now for { $name }: { $best } (value { $value }), outlined.
js-ask = { $what }?
js-last-entry = Last entry
js-take-back-open = Take back…
js-with-seeds = seeds { $seeds }
js-take-back-text = Take back “{ $entry }”; store instead: { $result }; reason: { $reason }
js-withdraw-text = Withdraw { $player }
js-withdraw-forfeit = Withdraw { $player }, forfeiting their unfinished match
js-bye-text = A bye for { $player } in round { $round }: { $points }
js-secret-first = Type the secret first.
js-sending = sending…
js-stored = stored: { $what }
js-taken-back = taken back: { $result } (a correction: { $reason })
js-wrong-secret = Wrong secret: { $text }
js-refused = Refused: { $text }
js-unreachable = The server could not be reached; nothing may have been written.

## The event's details under its title (places and names as entered)
# A day of the event (chrono's strftime pattern).
date-day = %Y-%m-%d
event-dates-range = { $from } to { $to }
event-dates-from = from { $from }
event-dates-until = until { $to }
event-chief-arbiter = chief arbiter { $name }
event-round-dates = rounds: { $list }
