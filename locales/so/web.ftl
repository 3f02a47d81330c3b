# goobalay serve: erayada bogagga shabakadda, af-Soomaali.
# Magacyada ciyaartoyda iyo ciyaaraha marna lama turjumo.

## Bog kasta

date-long = %A, %-d %B %Y, %H:%M
tournaments = Tartamada
live-title = iskiis ayuu isu cusboonaysiiyaa
live-on = toos
live-off = dib u xiriirinaya
languages = Luqadaha

## Diidmooyinka bogga lagu muujiyo

error-title = { $status ->
    [400] Codsi khaldan
    [403] Lama oggola
    [404] Lama helin
    [405] Habkan lama oggola
    [408] Waqtigii waa dhammaaday
    [409] Iskahorimaad
    [413] Codsigu aad buu u weyn yahay
    [500] Khalad gudaha ah
    [503] Adeeggu ma shaqaynayo
   *[other] Khalad
}
error-database = Kaydka xogta lama akhrin karin; diiwaanka server-ka ayaa sheegaya sababta.
error-no-page = Boggan ma jiro.
error-no-tournament = Ma jiro tartan leh lambarkaas.
error-no-match = Ma jirto ciyaar leh lambarkaas.
error-no-player = Ma jiro ciyaartoy leh lambarkaas.

## Liiska tartamada

index-empty = Weli tartan ma jiro ({ $command } ayaa mid abuura).
col-tournament = Tartan
col-game = Ciyaar
col-system = Nidaam
col-status = Xaalad
col-players = Ciyaartoy
col-rounds = Wareegyo
col-results = Natiijooyin
col-created = La sameeyay
word-finished = dhammaaday
word-not-started = ma bilaabmin
word-in-progress = socda
events-in-progress = { $count ->
    [0] tartan socda ma jiro
    [one] 1 tartan ayaa socda
   *[other] { $count } tartan ayaa socda
}
format-round-robin = wareeg buuxa
format-double-round-robin = laba wareeg oo buuxa
format-swiss = nidaamka Swiss
format-knockout = ka-saarid
format-monrad = nidaamka Monrad

## Tartan

progress-not-started = ma bilaabmin: diiwaangelintu way furan tahay
progress-in-progress = socda: wareegga { $round } ee { $rounds }
progress-closed-early = wuxuu dhammaaday wareegga { $round } ee { $rounds } kadib (goor hore ayaa la xiray)
progress-finished = wuxuu dhammaaday wareegga { $round } kadib
tournament-sub = { $form } · { $players } ciyaartoy · dhibco: guul { $win }, barbarro { $draw }, guuldarro { $loss }, fasax { $bye }
form-single = ciyaaro hal ciyaar ah
form-hands = ciyaaro gacmo ah
form-games = ciyaaro { $games } ciyaarood ah
entries = Diiwaangelinta
no-round-yet = Weli wareeg lama lammaynin.
round-heading = Wareegga { $round }
round-lower = wareegga { $round }
round-short-lower = w{ $round }
last-round = (wareegga ugu dambeeya)
bracket = Shaxda ka-saarista
standings = Kala horreynta
standings-after = wareegga { $round } ee { $rounds } kadib
standings-final = { $text }, kama dambays
standings-in-progress = { $text } (wareegga { $round } wuu socdaa)
standings-counted = { $counted } ka mid ah { $boards } natiijo ee wareegga { $round }
standings-with = { $text }, iyo { $counted }
acceleration-baku = Dardarka Baku: kooxda A ({ $count } ciyaartoy, { $first } ilaa { $last }) waxaa lagu lammaaneeyaa { $full } dhibic male ilaa wareegga { $full-until } iyo { $half } ilaa wareegga { $half-until }; dhibcaha malaha ah waxay u tiriyaan lammaaneynta oo keliya, marnaba dhibcaha ama kala-saarka.
and = iyo
prizes = Abaalmarinta
prizes-final = kama dambays
prizes-as-standing = sida kala horreyntu hadda tahay
col-prize = Abaalmarin
col-value = Qiimo
col-winner = Guuleyste
col-place = Kaalin
col-amount = Lacag
nobody = (cidna)
earlier-rounds = Wareegyadii hore
standings-after-round = Kala horreynta wareegga { $round } kadib
crosstable = Shaxda isbarbardhigga
records = Diiwaanka garsooraha
record-unpaired = Wareegga { $round } oo la lammeeyay { $paired } waa la celiyay { $at }
record-by-hand = Wareegga { $round } gacan ayaa lagu lammeeyay
record-corrected = Ciyaarta { $match } waa la saxay { $at }
record-before-after = { $before } hore, { $after } kadib
summary-seeds = ({ $south }-{ $north })
summary-unplayed = lama ciyaarin, cidna dhibic ma helin
summary-south-by-forfeit = 1-0 maqnaansho
summary-north-by-forfeit = 0-1 maqnaansho
summary-draw = barbarro
summary-none = natiijo ma jirto
correction-hand = gacanta { $hand } loo beddelay { $score }
correction-games = ciyaaraha loo beddelay { $scores }
correction-match = ciyaarta oo dhan loo beddelay { $result }
correction-double-forfeit = ciyaarta loo beddelay maqnaansho labada dhinac (labaduba ma iman)
correction-forfeit-south = ciyaarta loo beddelay maqnaansho, koonfur ma iman
correction-forfeit-north = ciyaarta loo beddelay maqnaansho, waqooyi ma iman
correction-void = ciyaarta waa la buriyay
record-closed = La xiray { $at }
record-reopened = Dib loo furay { $at }
projector-view = Muuqaalka shaashadda
to-be-paired = weli lama lammaynin
third-place = Kaalinta saddexaad

## Miisaska wareegga

col-board = Miis
col-south-first = Koonfur (ayaa bilaaba)
col-result = Natiijo
col-north = Waqooyi
col-seeds = Iniino
replay-title = dib u daawo
playing = socota
bye = fasax
bye-half-point = fasax nus dhibic ah
bye-zero-point = fasax eber dhibic ah
outside-the-pairing = lammaynta dibaddeeda

## Kala horreynta

col-name = Magac
col-points = Dhibco
games-played = ciyaaraha la ciyaaray
col-played = Ciyaaray
col-won-short = G
col-drawn-short = B
col-lost-short = L
col-byes = Fasax
col-reached = Gaaray
reached-round = wareegga { $round }
withdrawn = (ka baxay)
rating-all-games = Elo (ciyaaraha oo dhan)
legend-title = Waxa tiirarku sheegayaan
legend-rating = qiimaynta ciyaartoy kasta markii la kala horreeyay (wareegga 1, ama soo galid dambe)
legend-played-term = Ciyaaray, G, B, L
legend-played = ciyaaraha la ciyaaray (fasaxa iyo ganaaxa lama tiriyo): guul, barbarro, guuldarro
legend-byes = fasax nooc kasta ah
legend-shared = dhibcaha iyo kala-saarayaasha oo dhan way ku siman yihiin (sida kaalinta bilowga)
tb-buchholz-short = BH
tb-buchholz = Buchholz, dhibcaha ka soo horjeedayaasha oo la isku daray (wareeg aan la ciyaarin waxaa loo tiriyaa sida FIDE C.07)
tb-buchholz-cut1-short = BH-C1
tb-buchholz-cut1 = Buchholz aan lahayn ka soo horjeedka ugu dhibcaha yar
tb-sonneborn-berger-short = SB
tb-sonneborn-berger = Sonneborn-Berger, dhibcaha kuwa la garaacay, iyo nuska kuwa barbarrada la galay
tb-head-to-head-short = Wajaha
tb-head-to-head = wajaha-wajaha, dhibcaha u dhexeeya ciyaartoyda isku dhibcaha ah oo keliya
tb-wins-short = Guulo
tb-wins = ciyaaraha la guuleystay
tb-seed-difference-short = Iniino+/-
tb-seed-difference = iniinaha la helay oo laga jaray kuwa la waayay, ciyaaraha oo dhan

## Shaxda isbarbardhigga

round-by-round = Wareeg wareeg
round-short = W{ $round }
player-against-player = Ciyaartoy iyo ciyaartoy
side-south-short = k
side-north-short = w
cross-legend-results = 1 guul, ½ barbarro, 0 guuldarro;
cross-legend-forfeit-won = guul maqnaansho,
cross-legend-forfeit-lost = guuldarro maqnaansho;
cross-legend-pairing-bye = fasaxa lammaynta,
cross-legend-half-bye = fasax nus dhibic ah,
cross-legend-zero-bye = fasax eber dhibic ah;
cross-legend-rest = * socota, . lama lammaynin; lambarka yar waa kaalinta ka soo horjeedka, k/w dhinaca (Koonfur ayaa bilaaba).

## Ciyaartoy

player = ciyaartoy
engine-player = ciyaartoy mashiin ({ $level })
added-at = lagu daray { $at }
retired-at = ka fariistay { $at }
match-count = { $count ->
    [one] { $count } ciyaar
   *[other] { $count } ciyaarood
}
playing-matches = wuxuu ciyaarayaa { $count ->
    [one] { $count } ciyaar
   *[other] { $count } ciyaarood
}
no-match-in-progress = ciyaar socota ma jirto
tally = guul { $won }{ $won_by_forfeit ->
    [0] {""}
   *[other] {" "}({ $won_by_forfeit } maqnaansho)
}, barbarro { $drawn }, guuldarro { $lost }{ $lost_by_forfeit ->
    [0] {""}
   *[other] {" "}({ $lost_by_forfeit } maqnaansho)
}
tally-void = { $text }, la buriyay { $void }
tally-playing = { $text }, socda { $playing }
rating-history = taariikhda qiimaynta, { $game }
rating-chart-caption = { $system } { $count } ciyaarood oo la qiimeeyay: { $low } ilaa { $high }, hadda { $now }
ratings = Qiimaynta
col-rated-matches = Ciyaaraha la qiimeeyay
col-starting-rating = Qiimaynta bilowga
unrated = aan la qiimayn
every-variant = ciyaar kasta
other-variants = ciyaaraha kale
matches = Ciyaaraha
no-match-yet = Weli ciyaar ma jirto.
col-date = Taariikh
col-south = Koonfur
col-event = Tartan

## Ciyaar iyo dib u daawashadeeda

match-finished = ciyaartu way dhammaatay: { $result }
match-in-progress = ciyaartu way socotaa
result-in-play = socota
result-void = waa la buriyay
result-double-forfeit = labaduba ma iman
result-won-by-forfeit = { $name } ayaa ku guuleystay maqnaansho
result-draw-entered = barbarro (la geliyay)
result-won-entered = { $name } ayaa guuleystay (la geliyay)
result-draw = barbarro
result-won = { $name } ayaa guuleystay
result-corrected = { $text }, waa la saxay
col-hand = Gacan
col-first = Bilaabe
col-moves = Dhaqdhaqaaq
col-end = Dhammaad
replay = Dib u daawo
no-hand-played = Halkan guddi laguma ciyaarin (natiijooyinka ayaa la geliyay).
hand-label = Gacan
first-position = booska koowaad
previous-move = dhaqdhaqaaqii hore
next-move = dhaqdhaqaaqa xiga
last-position = booska ugu dambeeya
hand-after-move = Gacanta { $hand }, dhaqdhaqaaqa { $step } kadib
uurs = Uurs:
souths = Koonfur
norths = Waqooyi
south = Koonfur
north = Waqooyi
captured = la qabtay { $captured }
captured-kept = la qabtay { $captured }, la hayo { $kept }
end-no-moves = dhaqdhaqaaq ma jiro
end-all-captured = dhammaan waa la qabtay
end-repetition = soo noqosho
end-result = natiijo la geliyay
move-passes = wuu dhaafay
move-relays = wuxuu beeray { $laps } wareeg (wuxuu sii waday { $relays } jeer)
move-makes-uurs = wuxuu sameeyay laba Uur
move-captures = wuxuu qabtay { $captured }
move-captures-own-row = wuxuu qabtay { $captured } (safkiisa)
move-captures-some-from = wuxuu qabtay { $captured } ({ $from } safka ka soo horjeedka)
move-captures-nothing = waxba ma qabanin

mark-inaccuracy = khalad yar
mark-mistake = khalad
mark-blunder = khalad weyn
side-south = koonfur
side-north = waqooyi
review-title = Qiimaynta mashiinka
review-not-yet = Weli lama qiimayn: qiimaynta waxaa lagu sameeyaa miiska garsooraha iyadoo la adeegsanayo { $command }
review-engine = Nooca mashiinka { $version }, { $nodes } xiriir boos kasta.
review-loss = Khasaare: iniinaha dhaqdhaqaaq lumiyay marka loo eego kan ugu fiican ee la helay, dhinaca ciyaaraha.
review-graph-label = qiimaha gacanta { $hand } dhaqdhaqaaqyadeeda, dhinaca Koonfur
review-graph-caption = Gacanta { $hand }: qiimaha Koonfur { $moves } dhaqdhaqaaq, { $start } bilowga, { $end } dhammaadka (iniino; xariiqda korkeeda Koonfur ayaa hor marta)
review-accuracy = saxnaan { $accuracy }%, { $loss } iniino oo dhaqdhaqaaq kasta lumay celcelis ahaan, { $inaccuracies } khalad yar, { $mistakes } khalad, { $blunders } khalad weyn
review-no-choice = ma jiro dhaqdhaqaaq doorasho leh
review-hand = Gacanta { $hand }
review-arranged = { $name } wuxuu habeeyay { $played }, isagoo lumiyay { $loss }
review-best-found = (kan ugu fiican { $best })
review-forced = khasab
col-player = Ciyaartoy
col-move = Dhaqdhaqaaq
col-best = Ugu fiican
col-value-mover = Qiime (ciyaaraha)
col-loss = Khasaare
col-mark = Calaamad
accuracy-title = Saxnaanta (qiimaynta mashiinka)
col-match = Ciyaar
col-opponent = Ka soo horjeedka
col-accuracy = Saxnaan
col-average-loss = Khasaaraha celceliska
col-inaccuracies = Khaladaad yar
col-mistakes = Khaladaad
col-blunders = Khaladaad waaweyn
match-number = ciyaarta { $match }
percent = { $value }%

## Bogga garsooraha

director-title = { $name }: natiijooyinka
director-sub = Gelinta natiijooyinka ee garsooraha. Natiijo kasta waxay martaa hubinta { $command }.
director-secret = Furaha sirta ah ({ $command } ayaa daabaca)
director-all-in = Wareegga { $round }: ciyaar kasta natiijo ayay leedahay.
director-to-enter = Wareegga { $round }: { $count } in la geliyo
board-number = Miiska { $board }
south-first-versus = (Koonfur, bilaabe) iyo
north-in-brackets = (Waqooyi)
seeds-placeholder = iniino K,W
seeds-label = iniino Koonfur,Waqooyi
reason-placeholder = sabab (saxidda ayaa lala hayaa)
reason-label = sabab
check = Hubi
store-it = Kaydi
change = Beddel
result-label = natiijo
choose-result = dooro natiijada
south-wins = Koonfur ayaa guuleystay: { $name }
north-wins = Waqooyi ayaa guuleystay: { $name }
draw = Barbarro
forfeit-south = Maqnaansho: { $name } (Koonfur) ma iman
forfeit-north = Maqnaansho: { $name } (Waqooyi) ma iman
forfeit-both = Maqnaansho: labaduba ma iman
not-played-void = Lama ciyaarin: waa la buriyay
engine-boards = Mashiinka ayaa ciyaaraya, natiijo lama gelinayo:
engine-board = miiska { $board }
withdrawal = Ka bixid
player-label = Ciyaartoy
choose-player = dooro ciyaartoy
forfeit-pending = oo sidoo kale ka lumi ciyaartiisa aan dhammaan ee wareegga { $round }
bye-asked = Fasax la codsaday wareegga { $round }
points-label = Dhibco
choose = dooro
bye-points-half = nus dhibic
bye-points-zero = dhibic la'aan
tournament-page = Bogga tartanka

## Waxa app.js bogga ku qoro

js-hand-move = Gacanta { $hand }, dhaqdhaqaaqa { $step } ee { $steps }: { $name } ({ $side }) wuxuu ciyaaray { $move } oo { $text }
js-hand-start = Gacanta { $hand }, bilowga: { $name } ({ $side }) ayaa bilaaba
js-over = Dhammaad ({ $end }): Koonfur { $south }, Waqooyi { $north }
js-review-played = Qiimayn: dhaqdhaqaaqa { $move } ee { $name } wuxuu lumiyay
js-seeds-lost = { $loss } iniino
js-only-move = , dhaqdhaqaaqa keliya.
js-best-was = ; kan ugu fiicnaa wuxuu ahaa { $best }.
js-a-best-move = , dhaqdhaqaaq ugu fiican.
js-best-now = Kan ugu fiican hadda ee { $name }: { $best } (qiime { $value }), waa la calaamadeeyay.
js-ask = { $what }?
js-last-entry = Gelintii ugu dambeysay
js-take-back-open = Dib u celi…
js-with-seeds = iniino { $seeds }
js-take-back-text = Dib u celi “{ $entry }”; beddelkeeda kaydi: { $result }; sabab: { $reason }
js-withdraw-text = Ka saar { $player }
js-withdraw-forfeit = Ka saar { $player }, oo ka lumiya ciyaartiisa aan dhammaan
js-bye-text = Fasax { $player } wareegga { $round }: { $points }
js-secret-first = Marka hore qor furaha sirta ah.
js-sending = waa la dirayaa…
js-stored = waa la kaydiyay: { $what }
js-taken-back = waa la celiyay: { $result } (saxid: { $reason })
js-wrong-secret = Furaha sirta ah waa khalad: { $text }
js-refused = Waa la diiday: { $text }
js-unreachable = Server-ka lama gaarin; malaha waxba lama qorin.

## The event's details under its title (places and names as entered)
# A day of the event (chrono's strftime pattern).
date-day = %-d %B %Y
event-dates-range = { $from } ilaa { $to }
event-dates-from = laga bilaabo { $from }
event-dates-until = ilaa { $to }
event-chief-arbiter = garsoorka guud { $name }
event-round-dates = wareegyada: { $list }
