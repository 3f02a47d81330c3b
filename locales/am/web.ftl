# goobalay serve: የድረ-ገጾቹ ቃላት በአማርኛ።
# የተጫዋቾችና የጨዋታዎች ስሞች ፈጽሞ አይተረጎሙም።

## እያንዳንዱ ገጽ

date-long = %A፣ %B %-d %Y፣ %H:%M
tournaments = ውድድሮች
live-title = ራሱን ያዘምናል
live-on = ቀጥታ
live-off = እንደገና በመገናኘት ላይ
languages = ቋንቋዎች

## በገጽ የሚታዩ እምቢታዎች

error-title = { $status ->
    [400] የተሳሳተ ጥያቄ
    [403] ተከልክሏል
    [404] አልተገኘም
    [405] ዘዴው አይፈቀድም
    [408] የጥያቄው ጊዜ አልፏል
    [409] ግጭት
    [413] ጥያቄው በጣም ትልቅ ነው
    [500] የአገልጋይ ውስጣዊ ስህተት
    [503] አገልግሎቱ አይገኝም
   *[other] ስህተት
}
error-database = የመረጃ ቋቱ ሊነበብ አልቻለም፤ የአገልጋዩ መዝገብ ምክንያቱን ይናገራል።
error-no-page = እንዲህ ያለ ገጽ የለም።
error-no-tournament = በዚህ ቁጥር ውድድር የለም።
error-no-match = በዚህ ቁጥር ግጥሚያ የለም።
error-no-player = በዚህ ቁጥር ተጫዋች የለም።

## የውድድሮች ዝርዝር

index-empty = እስካሁን ውድድር የለም ({ $command } አንድ ይፈጥራል)።
col-tournament = ውድድር
col-game = ጨዋታ
col-system = ሥርዓት
col-status = ሁኔታ
col-players = ተጫዋቾች
col-rounds = ዙሮች
col-results = ውጤቶች
col-created = የተፈጠረው
word-finished = ተጠናቋል
word-not-started = አልተጀመረም
word-in-progress = በሂደት ላይ
events-in-progress = { $count ->
    [0] በሂደት ላይ ያለ ውድድር የለም
    [one] 1 ውድድር በሂደት ላይ
   *[other] { $count } ውድድሮች በሂደት ላይ
}
format-round-robin = ሁሉም ከሁሉም
format-double-round-robin = ሁሉም ከሁሉም ሁለት ጊዜ
format-swiss = የስዊስ ሥርዓት
format-knockout = የማጣሪያ ውድድር
format-monrad = የሞንራድ ሥርዓት

## ውድድር

progress-not-started = አልተጀመረም፤ ምዝገባ ክፍት ነው
progress-in-progress = በሂደት ላይ፤ ዙር { $round } ከ{ $rounds }
progress-closed-early = ከዙር { $round } ከ{ $rounds } በኋላ ተጠናቋል (ቀድሞ ተዘግቷል)
progress-finished = ከዙር { $round } በኋላ ተጠናቋል
tournament-sub = { $form } · { $players } ተጫዋቾች · ነጥብ፦ ድል { $win }፣ አቻ { $draw }፣ ሽንፈት { $loss }፣ እረፍት { $bye }
form-single = የአንድ ጨዋታ ግጥሚያዎች
form-hands = በእጆች የሚደረጉ ግጥሚያዎች
form-games = የ{ $games } ጨዋታዎች ግጥሚያዎች
entries = ተመዝጋቢዎች
no-round-yet = እስካሁን የተደለደለ ዙር የለም።
round-heading = ዙር { $round }
round-lower = ዙር { $round }
round-short-lower = ዙ{ $round }
last-round = (የመጨረሻ ዙር)
bracket = የማጣሪያ ሰንጠረዥ
standings = ደረጃ
standings-after = ከዙር { $round } ከ{ $rounds } በኋላ
standings-final = { $text }፣ የመጨረሻ
standings-in-progress = { $text } (ዙር { $round } በሂደት ላይ)
standings-counted = ከዙር { $round } { $boards } ውጤቶች { $counted }
standings-with = { $text }፣ ከ{ $counted } ጋር
acceleration-baku = የባኩ ማፋጠኛ፦ ቡድን ሀ ({ $count } ተጫዋቾች፣ ከ{ $first } እስከ { $last }) እስከ ዙር { $full-until } በ{ $full } ምናባዊ ነጥብ፣ እስከ ዙር { $half-until } ደግሞ በ{ $half } ይጣመራል፤ ምናባዊ ነጥቦች ለጥምረት ብቻ ይቆጠራሉ፣ በነጥብም ሆነ በእኩልነት መለያ ፈጽሞ አይቆጠሩም።
and = እና
prizes = ሽልማቶች
prizes-final = የመጨረሻ
prizes-as-standing = አሁን ባለው ደረጃ
col-prize = ሽልማት
col-value = ዋጋ
col-winner = አሸናፊ
col-place = ደረጃ
col-amount = መጠን
nobody = (ማንም)
earlier-rounds = ያለፉ ዙሮች
standings-after-round = ከዙር { $round } በኋላ ያለው ደረጃ
crosstable = የመስቀል ሰንጠረዥ
records = የዳኛው መዝገብ
record-unpaired = በ{ $paired } የተደለደለው ዙር { $round } በ{ $at } ተሰርዟል
record-by-hand = ዙር { $round } በእጅ ተደልድሏል
record-corrected = ግጥሚያ { $match } በ{ $at } ታርሟል
record-before-after = በፊት { $before }፣ በኋላ { $after }
summary-seeds = ({ $south }-{ $north })
summary-unplayed = አልተጫወተም፣ ማንም ነጥብ አላገኘም
summary-south-by-forfeit = 1-0 ባለመቅረብ
summary-north-by-forfeit = 0-1 ባለመቅረብ
summary-draw = አቻ
summary-none = ውጤት የለም
correction-hand = እጅ { $hand } ወደ { $score }
correction-games = ጨዋታዎቹ ወደ { $scores }
correction-match = ሙሉው ግጥሚያ ወደ { $result }
correction-double-forfeit = ግጥሚያው ወደ ሁለቱም አልቀረቡም (ሁለቱም የሉም)
correction-forfeit-south = ግጥሚያው ወደ ባለመቅረብ፣ ደቡብ የለም
correction-forfeit-north = ግጥሚያው ወደ ባለመቅረብ፣ ሰሜን የለም
correction-void = ግጥሚያው ተሰርዟል
record-closed = በ{ $at } ተዘግቷል
record-reopened = በ{ $at } እንደገና ተከፍቷል
projector-view = የፕሮጀክተር እይታ
to-be-paired = ገና ይደለደላል
third-place = ሦስተኛ ደረጃ

## የዙሩ ሰሌዳዎች

col-board = ሰሌዳ
col-south-first = ደቡብ (ይጀምራል)
col-result = ውጤት
col-north = ሰሜን
col-seeds = ጠጠሮች
replay-title = እንደገና እይ
playing = እየተጫወቱ
bye = እረፍት
bye-half-point = የግማሽ ነጥብ እረፍት
bye-zero-point = ነጥብ የሌለው እረፍት
outside-the-pairing = ከድልድሉ ውጭ

## ደረጃ

col-name = ስም
col-points = ነጥብ
games-played = የተጫወታቸው ጨዋታዎች
col-played = ተጫውቷል
col-won-short = አ
col-drawn-short = እ
col-lost-short = ሽ
col-byes = እረፍት
col-reached = የደረሰበት
reached-round = ዙር { $round }
withdrawn = (ወጥቷል)
rating-all-games = ኤሎ (ሁሉም ጨዋታዎች)
legend-title = ዓምዶቹ ምን ማለት ናቸው
legend-rating = እያንዳንዱ ተጫዋች ሲደረደር የነበረው ደረጃ ነጥብ (ዙር 1፣ ወይም ዘግይቶ ሲመዘገብ)
legend-played-term = ተጫውቷል፣ አ፣ እ፣ ሽ
legend-played = የተጫወታቸው ጨዋታዎች (እረፍትና ባለመቅረብ አይቆጠሩም)፤ አሸነፈ፣ አቻ፣ ተሸነፈ
legend-byes = ሁሉም ዓይነት እረፍቶች
legend-shared = በነጥብና በሁሉም መለያዎች እኩል (በመነሻ ደረጃ የተዘረዘሩ)
tb-buchholz-short = BH
tb-buchholz = ቡኽሆልዝ፣ የተጋጣሚዎች ነጥብ ድምር (ያልተጫወተ ዙር FIDE C.07 እንደሚለው ይቆጠራል)
tb-buchholz-cut1-short = BH-C1
tb-buchholz-cut1 = ቡኽሆልዝ ዝቅተኛ ነጥብ ያለውን ተጋጣሚ ሳይጨምር
tb-sonneborn-berger-short = SB
tb-sonneborn-berger = ዞኔቦርን-በርገር፣ የተሸነፉ ተጋጣሚዎች ነጥብና አቻ የወጡት ነጥብ ግማሽ
tb-head-to-head-short = ፊት ለፊት
tb-head-to-head = ፊት ለፊት፣ በእኩል ተጫዋቾች መካከል ያለው ነጥብ ብቻ
tb-wins-short = ድሎች
tb-wins = ያሸነፋቸው ጨዋታዎች
tb-seed-difference-short = ጠጠሮች+/-
tb-seed-difference = ያገኛቸው ጠጠሮች ሲቀነስ ያጣቸው፣ በሁሉም ጨዋታዎች

## የመስቀል ሰንጠረዥ

round-by-round = ዙር በዙር
round-short = ዙ{ $round }
player-against-player = ተጫዋች ከተጫዋች
side-south-short = ደ
side-north-short = ሰ
cross-legend-results = 1 አሸነፈ፣ ½ አቻ፣ 0 ተሸነፈ፤
cross-legend-forfeit-won = ተጋጣሚው ባለመቅረቡ አሸነፈ፣
cross-legend-forfeit-lost = ባለመቅረብ ተሸነፈ፤
cross-legend-pairing-bye = የድልድል እረፍት፣
cross-legend-half-bye = የግማሽ ነጥብ እረፍት፣
cross-legend-zero-bye = ነጥብ የሌለው እረፍት፤
cross-legend-rest = * እየተጫወቱ፣ . አልተደለደለም፤ ትንሹ ቁጥር የተጋጣሚው ደረጃ ነው፣ ደ/ሰ ጎኑ (ደቡብ ይጀምራል)።

## ተጫዋች

player = ተጫዋች
engine-player = የማሽን ተጫዋች ({ $level })
added-at = የተጨመረው { $at }
retired-at = የተገለለው { $at }
match-count = { $count ->
    [one] { $count } ግጥሚያ
   *[other] { $count } ግጥሚያዎች
}
playing-matches = እየተጫወተ ነው፤ { $count ->
    [one] { $count } ግጥሚያ
   *[other] { $count } ግጥሚያዎች
}
no-match-in-progress = በሂደት ላይ ያለ ግጥሚያ የለም
tally = አሸነፈ { $won }{ $won_by_forfeit ->
    [0] {""}
   *[other] {" "}({ $won_by_forfeit } ባለመቅረብ)
}፣ አቻ { $drawn }፣ ተሸነፈ { $lost }{ $lost_by_forfeit ->
    [0] {""}
   *[other] {" "}({ $lost_by_forfeit } ባለመቅረብ)
}
tally-void = { $text }፣ የተሰረዙ { $void }
tally-playing = { $text }፣ በጨዋታ ላይ { $playing }
rating-history = የደረጃ ነጥብ ታሪክ፣ { $game }
rating-chart-caption = { $system } በ{ $count } የተመዘኑ ግጥሚያዎች፦ ከ{ $low } እስከ { $high }፣ አሁን { $now }
ratings = የደረጃ ነጥቦች
col-rated-matches = የተመዘኑ ግጥሚያዎች
col-starting-rating = የመነሻ ደረጃ ነጥብ
unrated = ያልተመዘነ
every-variant = ሁሉም ጨዋታዎች
other-variants = ሌሎች ጨዋታዎች
matches = ግጥሚያዎች
no-match-yet = እስካሁን ግጥሚያ የለም።
col-date = ቀን
col-south = ደቡብ
col-event = ውድድር

## ግጥሚያና ድጋሚ እይታው

match-finished = ግጥሚያው ተጠናቋል፤ { $result }
match-in-progress = ግጥሚያው በሂደት ላይ
result-in-play = በጨዋታ ላይ
result-void = ተሰርዟል
result-double-forfeit = ሁለቱም አልቀረቡም
result-won-by-forfeit = { $name } ተጋጣሚው ባለመቅረቡ አሸነፈ
result-draw-entered = አቻ (የገባ)
result-won-entered = { $name } አሸነፈ (የገባ)
result-draw = አቻ
result-won = { $name } አሸነፈ
result-corrected = { $text }፣ ታርሟል
col-hand = እጅ
col-first = የሚጀምረው
col-moves = እንቅስቃሴዎች
col-end = መጨረሻ
replay = ድጋሚ እይታ
no-hand-played = እዚህ በሰሌዳው ላይ ምንም እጅ አልተጫወተም (ውጤቶቹ ገብተዋል)።
hand-label = እጅ
first-position = የመጀመሪያ አቀማመጥ
previous-move = ያለፈው እንቅስቃሴ
next-move = ቀጣዩ እንቅስቃሴ
last-position = የመጨረሻ አቀማመጥ
hand-after-move = እጅ { $hand }፣ ከእንቅስቃሴ { $step } በኋላ
uurs = ኡር (Uur)፦
souths = የደቡብ
norths = የሰሜን
south = ደቡብ
north = ሰሜን
captured = የተማረከ { $captured }
captured-kept = የተማረከ { $captured }፣ የተያዘ { $kept }
end-no-moves = እንቅስቃሴ የለም
end-all-captured = ሁሉም ተማርኳል
end-repetition = ድግግሞሽ
end-result = የገባ ውጤት
move-passes = ያሳልፋል
move-relays = { $laps } ዙር ይዘራል ({ $relays } ጊዜ ይቀጥላል)
move-makes-uurs = ሁለት ኡር (Uur) ይሠራል
move-captures = { $captured } ይማርካል
move-captures-own-row = { $captured } ይማርካል (ከራሱ ረድፍ)
move-captures-some-from = { $captured } ይማርካል ({ $from } ከተጋጣሚው ረድፍ)
move-captures-nothing = ምንም አይማርክም

mark-inaccuracy = ትክክል ያልሆነ
mark-mistake = ስህተት
mark-blunder = ከባድ ስህተት
side-south = ደቡብ
side-north = ሰሜን
review-title = የማሽን ግምገማ
review-not-yet = ገና አልተገመገመም፤ ግምገማው በዳኛው ጠረጴዛ በ{ $command } ትእዛዝ ይደረጋል
review-engine = የሞተሩ ስሪት { $version }፣ ለእያንዳንዱ አቀማመጥ { $nodes } ኖዶች።
review-loss = ኪሳራ፦ አንድ እንቅስቃሴ ከተገኘው ምርጥ እንቅስቃሴ አንጻር ያጣቸው ጠጠሮች፣ ከተጫዋቹ ወገን።
review-graph-label = የእጅ { $hand } ዋጋ በእንቅስቃሴዎቹ፣ ከደቡብ ወገን
review-graph-caption = እጅ { $hand }፦ ለደቡብ ያለው ዋጋ በ{ $moves } እንቅስቃሴዎች፣ መጀመሪያ ላይ { $start }፣ መጨረሻ ላይ { $end } (በጠጠር፤ ከመስመሩ በላይ ደቡብ ይመራል)
review-accuracy = ትክክለኛነት { $accuracy }%፣ በአማካይ በእንቅስቃሴ { $loss } ጠጠሮች ጠፍተዋል፣ ትክክል ያልሆኑ፦ { $inaccuracies }፣ ስህተቶች፦ { $mistakes }፣ ከባድ ስህተቶች፦ { $blunders }
review-no-choice = ምርጫ ያለው እንቅስቃሴ የለም
review-hand = እጅ { $hand }
review-arranged = { $name } { $played } አደራጀ፣ { $loss } በማጣት
review-best-found = (የተገኘው ምርጥ { $best })
review-forced = ግዴታ
col-player = ተጫዋች
col-move = እንቅስቃሴ
col-best = ምርጥ
col-value-mover = ዋጋ (ለተጫዋቹ)
col-loss = ኪሳራ
col-mark = ምልክት
accuracy-title = ትክክለኛነት (የማሽን ግምገማዎች)
col-match = ግጥሚያ
col-opponent = ተጋጣሚ
col-accuracy = ትክክለኛነት
col-average-loss = አማካይ ኪሳራ
col-inaccuracies = ትክክል ያልሆኑ
col-mistakes = ስህተቶች
col-blunders = ከባድ ስህተቶች
match-number = ግጥሚያ { $match }
percent = { $value }%

## የዳኛው ገጽ

director-title = { $name }፤ ውጤቶች
director-sub = የዳኛው የውጤት ማስገቢያ። እያንዳንዱ ውጤት እንደ { $command } ተመሳሳይ ፍተሻ ያልፋል።
director-secret = ሚስጥራዊ ቁልፍ ({ $command } ያትመዋል)
director-all-in = ዙር { $round }፤ እያንዳንዱ ግጥሚያ ውጤት አለው።
director-to-enter = ዙር { $round }፤ { $count } የሚገቡ
board-number = ሰሌዳ { $board }
south-first-versus = (ደቡብ፣ ይጀምራል) ከ
north-in-brackets = (ሰሜን)
seeds-placeholder = ጠጠሮች ደ,ሰ
seeds-label = ጠጠሮች ደቡብ,ሰሜን
reason-placeholder = ምክንያት (ከእርማቱ ጋር ይቀመጣል)
reason-label = ምክንያት
check = አረጋግጥ
store-it = አስቀምጥ
change = ቀይር
result-label = ውጤት
choose-result = ውጤቱን ምረጥ
south-wins = ደቡብ አሸነፈ፤ { $name }
north-wins = ሰሜን አሸነፈ፤ { $name }
draw = አቻ
forfeit-south = ባለመቅረብ፤ { $name } (ደቡብ) አልመጣም
forfeit-north = ባለመቅረብ፤ { $name } (ሰሜን) አልመጣም
forfeit-both = ባለመቅረብ፤ ሁለቱም አልመጡም
not-played-void = አልተጫወተም፤ ተሰርዟል
engine-boards = በማሽኑ የሚጫወቱ፣ የሚገባ ውጤት የለም፦
engine-board = ሰሌዳ { $board }
withdrawal = ከውድድር መውጣት
player-label = ተጫዋች
choose-player = ተጫዋች ምረጥ
forfeit-pending = ያላለቀውን የዙር { $round } ግጥሚያውንም ባለመቅረብ ይሸነፍ
bye-asked = ለዙር { $round } የተጠየቀ እረፍት
points-label = ነጥብ
choose = ምረጥ
bye-points-half = ግማሽ ነጥብ
bye-points-zero = ነጥብ የለም
tournament-page = የውድድሩ ገጽ

## app.js በገጹ ላይ የሚጽፋቸው

js-hand-move = እጅ { $hand }፣ እንቅስቃሴ { $step } ከ{ $steps }፤ { $name } ({ $side }) { $move } ይጫወታል እና { $text }
js-hand-start = እጅ { $hand }፣ መጀመሪያ፤ { $name } ({ $side }) ይጀምራል
js-over = አበቃ ({ $end })፤ ደቡብ { $south }፣ ሰሜን { $north }
js-review-played = ግምገማ፦ የ{ $name } { $move } አጣ
js-seeds-lost = { $loss } ጠጠሮች
js-only-move = ፣ ብቸኛው እንቅስቃሴ።
js-best-was = ፤ ምርጡ { $best } ነበር።
js-a-best-move = ፣ ምርጥ እንቅስቃሴ።
js-best-now = አሁን ለ{ $name } ምርጡ፦ { $best } (ዋጋ { $value })፣ ተከብቧል።
js-ask = { $what }?
js-last-entry = የመጨረሻው ግቤት
js-take-back-open = መልስ…
js-with-seeds = ጠጠሮች { $seeds }
js-take-back-text = “{ $entry }” ይመለስ፤ በምትኩ ይቀመጥ፤ { $result }፤ ምክንያት፤ { $reason }
js-withdraw-text = { $player } ከውድድሩ ይውጣ
js-withdraw-forfeit = { $player } ከውድድሩ ይውጣ፣ ያላለቀውን ግጥሚያውንም ባለመቅረብ ይሸነፍ
js-bye-text = ለ{ $player } በዙር { $round } እረፍት፤ { $points }
js-secret-first = መጀመሪያ ሚስጥራዊ ቁልፉን ጻፍ።
js-sending = በመላክ ላይ…
js-stored = ተቀምጧል፤ { $what }
js-taken-back = ተመልሷል፤ { $result } (እርማት፤ { $reason })
js-wrong-secret = የተሳሳተ ሚስጥራዊ ቁልፍ፤ { $text }
js-refused = ተቀባይነት አላገኘም፤ { $text }
js-unreachable = አገልጋዩ ሊደረስበት አልቻለም፤ ምናልባት ምንም አልተጻፈም።

## The event's details under its title (places and names as entered)
# A day of the event (chrono's strftime pattern).
date-day = %B %-d %Y
event-dates-range = ከ{ $from } እስከ { $to }
event-dates-from = ከ{ $from } ጀምሮ
event-dates-until = እስከ { $to }
event-chief-arbiter = ዋና ዳኛ { $name }
event-round-dates = ዙሮች፦ { $list }
