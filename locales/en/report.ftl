# goobalay serve: the players' report page (/report), its answers, and the
# director's page's section on the players' reports, in English. Names (players,
# the tournament) are filled in, never translated. Every message here must be in
# every other language's report.ftl (a test checks it).

## The report page

report-title = Report your result
report-sub = Give the code on your slip; your match is shown; then its result. It stands when your opponent reports the same with their code, or when the director accepts it.
report-your-code = Your code
report-code-label = your code
report-show-match = Show my match
report-result = Result
report-seeds = Seeds (if you counted them)
report-seeds-placeholder = S,N
report-it = Report it
report-off-page = Players report their results only while the director's server takes results.

## Written into the report page by report.js ({ $name } and the like are filled in there)

report-match = { $tournament }, round { $round }, board { $board }: { $south } (South) v { $north } (North). You are { $holder } ({ $side }).
report-you-reported = You reported { $claim }.
report-opponent-reported = Your opponent has reported.
report-south-won = South won: { $name }
report-north-won = North won: { $name }
report-looking = looking…
report-ask = Report { $claim }?
report-unreachable = The server could not be reached.

## A result as a player reported it (the report page and the director's page)

report-claim-south = { $name } (South) won
report-claim-north = { $name } (North) won
report-claim-draw = a draw
report-claim-seeds = { $claim }, { $seeds }

## The report page's answers

report-confirmed = Stored: { $claim }. Your opponent reported the same.
report-waiting = Kept: { $claim }. It stands when your opponent reports the same, or when the director accepts it.
report-disagrees = Kept: { $claim }. Your opponent reported another result: the director will decide.
report-refused-off = reporting is off: players report on a server started with --results
report-refused-result = '{ $text }' is not a result; give "result": "south", "north" or "draw"
report-refused-seeds = '{ $text }' is not two seed counts; give them as South,North, whole numbers 0 or more, e.g. 30,18
report-refused-too-many = too many wrong codes ({ $per-address } a minute from one address, { $in-all } from all): try again in { $wait ->
    [one] { $wait } second
   *[other] { $wait } seconds
}
report-refused-unknown-code = that is not a report code: a code is the 8 letters and digits on your slip, e.g. K7QM-4XPB
report-refused-replaced-code = that code was replaced when new slips were printed: give the code on your latest slip
report-refused-no-match = { $player } has no match to report in round { $round } of { $tournament }
report-refused-closed = tournament { $tournament } is closed: it takes no results
report-refused-engine = match { $match } ({ $south } v { $north }) is played by the engine: its result is the engine's
report-refused-decided = match { $match } ({ $south } v { $north }) already has its result ({ $how }); if it is wrong, tell the director
report-how-south = { $name } (south) won
report-how-north = { $name } (north) won
report-how-drawn = drawn
report-how-void = void
report-how-forfeit = forfeited, { $absent ->
    [south] south
    [north] north
   *[both] both
} absent
report-refused-seeds-sum = final seeds { $south } + { $north } = { $sum }, but this match has { $total } seeds in play; give two numbers that add up to { $total }
report-refused-seeds-contradict = final seeds { $south }-{ $north } contradict the result '{ $result }': a drawn match needs equal seeds, a win more seeds for the winner
report-refused-busy = the database is busy; nothing was written, try again

## The director's page: the players' reports

reports-title = Players' reports
reports-none = No report awaits a decision.
reports-round-board = Round { $round }, board { $board }:
reports-south-versus = (South) v
reports-disagree = they disagree
reports-accept-says = Accept { $name }'s report: { $claim }
reports-reported = { $name } reported { $claim } at { $time } UTC.
reports-accept = Accept
reports-not-reported = { $name } has not reported.
reports-wrong-codes = Wrong codes since the server started: { $count } from { $addresses ->
    [one] { $addresses } address
   *[other] { $addresses } addresses
}; refused over the limit ({ $per-address } a minute an address, { $in-all } in all): { $refused }.
