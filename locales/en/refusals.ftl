# goobalay serve: the web's refusals, in English: the library's refusals as the
# director's page and the players' report page show them, and the web's own (a
# form, the secret, the request's body). The English is the library's own words,
# word for word; names are filled in, never translated. Every message here must be
# in every other language's refusals.ftl (a test checks it).

refusal-finished = match { $match } is finished ({ $how }); changing a finished result is a correction (the director's match correction, with a reason)
refusal-closed = { $tournament } is finished and closed: it takes no entries, withdrawals, pairings or results; a director reopens it
refusal-not-entered = { $player } is not entered in { $tournament }
refusal-already-withdrawn = { $player } has already withdrawn from { $tournament }
refusal-bye-not-swiss = { $tournament } is a { $format }: byes on request are for a swiss paired by the Dutch system; forfeit the match instead
refusal-round-already-paired = round { $round } is already paired; a bye can be asked for a round not yet paired, { $next } to { $last }
refusal-round-beyond-end = the tournament has { $planned } rounds; there is no round { $round } to ask a bye for
refusal-bye-already-requested = { $player } already has a bye for round { $round }
refusal-unknown-player = no player named '{ $name }'
refusal-unknown-player-like = no player named '{ $name }'; did you mean '{ $like }'?
refusal-retired = player '{ $name }' is retired
refusal-unplayed-knockout = match { $match } is a knockout match, which must send one player on, so it cannot be { $void ->
    [yes] voided
   *[no] forfeited by both
}: give it to one side
refusal-no-reason = a correction needs a reason: it is recorded with the correction
refusal-no-such-match = no such match
refusal-no-such-tournament = no such tournament
refusal-no-such-report = no such report
refusal-storage = the database could not be read; see the server's log
refusal-not-found = no such record
refusal-unavailable = the database cannot be used now; nothing was written
refusal-other = refused by the tournament's rules; nothing was written
web-refused-winner = '{ $text }' is not a match result; give "winner": "south", "north" or "draw"
web-refused-seeds = '{ $text }' is not two seed counts; give "seeds": "SOUTH,NORTH", whole numbers 0 or more, e.g. "30,18"
web-refused-absent = '{ $text }' is not who was absent; give "absent": "south", "north" or "both"
web-refused-forfeit-seeds = a forfeit has no seeds: nobody played; give "absent" alone
web-refused-winner-and-absent = give a winner or who was absent, not both
web-refused-void-and-more = give a void, a winner or who was absent, one of them
web-refused-off = result entry is off
web-refused-no-secret = result entry needs the secret the server printed (Authorization: Bearer SECRET)
web-refused-wrong-secret = wrong secret
web-refused-engine = match { $match } is played by the engine ({ $south } v { $north }); its result is the engine's, not entered
web-refused-nothing-to-take-back = match { $match } has no result yet: there is nothing to take back
web-refused-too-late = match { $match }'s result was entered more than { $minutes } minutes ago; a later change is the director's match correction at the desk
web-refused-bye-points = '{ $text }' is not a bye's points; give "points": "zero" or "half"
web-refused-body-unreadable = the request's body could not be read
web-refused-body-too-large = the body is larger than { $max } bytes; a result is { "{" }"winner": ..., "seeds": ...{ "}" }
web-refused-body-late = the request's body did not arrive within { $seconds } seconds
web-shape-result = the body must be JSON: { "{" }"winner": "south"|"north"|"draw", "seeds": "S,N"{ "}" } or { "{" }"absent": "south"|"north"|"both"{ "}" }
web-shape-take-back = the body must be JSON: { "{" }"winner": "south"|"north"|"draw", "seeds": "S,N", "reason": TEXT{ "}" }, { "{" }"absent": "south"|"north"|"both", "reason": TEXT{ "}" } or { "{" }"void": true, "reason": TEXT{ "}" }
web-shape-withdrawal = the body must be JSON: { "{" }"player": NAME, "forfeit_pending": true|false{ "}" }
web-shape-bye = the body must be JSON: { "{" }"player": NAME, "round": N, "points": "zero"|"half"{ "}" }
web-shape-code = the body must be JSON: { "{" }"code": CODE{ "}" }
web-shape-report = the body must be JSON: { "{" }"code": CODE, "result": "south"|"north"|"draw", "seeds": "S,N"{ "}" } (seeds optional)

# A quoted text cut short after 40 characters: its whole length.
excerpt-cut = … ({ $count } characters)

# The database file a server keeps open changed under it (the path is not translated).
refusal-file-deleted = the database file { $path } was deleted since the server opened it; nothing more is written to it: restart the server
refusal-file-deleted-or-moved = the database file { $path } was deleted or moved away since the server opened it; nothing more is written to it: restart the server
refusal-file-replaced = the database file { $path } was replaced by another file since the server opened it; nothing more is written to it: restart the server
refusal-file-overwritten = the database file { $path } was overwritten by another database since the server opened it; nothing more is written to it: restart the server
