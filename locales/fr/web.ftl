# goobalay serve : les mots des pages web, en français.
# Les arguments ({ $name }) sont remplis par le programme : les noms des joueurs et
# des jeux ne sont jamais traduits.

## Chaque page

date-long = %A %-d %B %Y, %H:%M
tournaments = Tournois
live-title = se met à jour tout seul
live-on = en direct
live-off = reconnexion
languages = Langues

## Refus montrés sur une page

error-title = { $status ->
    [400] Requête invalide
    [403] Interdit
    [404] Page introuvable
    [405] Méthode non permise
    [408] Délai dépassé
    [409] Conflit
    [413] Requête trop grande
    [500] Erreur interne du serveur
    [503] Service indisponible
   *[other] Erreur
}
error-database = La base de données n'a pas pu être lue ; le journal du serveur dit pourquoi.
error-no-page = Cette page n'existe pas.
error-no-tournament = Aucun tournoi ne porte ce numéro.
error-no-match = Aucune partie ne porte ce numéro.
error-no-player = Aucun joueur ne porte ce numéro.

## La liste des tournois

index-empty = Pas encore de tournoi ({ $command } en crée un).
col-tournament = Tournoi
col-game = Jeu
col-system = Système
col-status = État
col-players = Joueurs
col-rounds = Rondes
col-results = Résultats
col-created = Créé le
word-finished = terminé
word-not-started = pas commencé
word-in-progress = en cours
events-in-progress = { $count ->
    [0] aucun tournoi en cours
    [one] 1 tournoi en cours
   *[other] { $count } tournois en cours
}
format-round-robin = toutes rondes
format-double-round-robin = double toutes rondes
format-swiss = système suisse
format-knockout = élimination directe
format-monrad = système Monrad

## Un tournoi

progress-not-started = pas commencé : inscriptions ouvertes
progress-in-progress = en cours : ronde { $round } sur { $rounds }
progress-closed-early = terminé après la ronde { $round } sur { $rounds } (clos plus tôt)
progress-finished = terminé après la ronde { $round }
tournament-sub = { $form } · { $players } joueurs · points : victoire { $win }, nulle { $draw }, défaite { $loss }, exemption { $bye }
form-single = parties en un jeu
form-hands = parties en manches
form-games = parties en { $games } jeux
entries = Inscrits
no-round-yet = Aucune ronde appariée pour l'instant.
round-heading = Ronde { $round }
round-lower = ronde { $round }
round-short-lower = r{ $round }
last-round = (dernière ronde)
bracket = Tableau
standings = Classement
standings-after = après la ronde { $round } sur { $rounds }
standings-final = { $text }, final
standings-in-progress = { $text } (ronde { $round } en cours)
standings-counted = { $counted } des { $boards } résultats de la ronde { $round }
standings-with = { $text }, avec { $counted }
acceleration-baku = Accélération de Bakou : le groupe A ({ $count } joueurs, de { $first } à { $last }) est apparié avec { $full } point virtuel jusqu'à la ronde { $full-until } et { $half } jusqu'à la ronde { $half-until } ; les points virtuels ne comptent que pour l'appariement, jamais dans les points ni les départages.
and = et
prizes = Prix
prizes-final = définitifs
prizes-as-standing = selon le classement actuel
col-prize = Prix
col-value = Valeur
col-winner = Gagnant
col-place = Place
col-amount = Montant
nobody = (personne)
earlier-rounds = Rondes précédentes
standings-after-round = Classement après la ronde { $round }
crosstable = Grille
records = Le registre de l'arbitre
record-unpaired = La ronde { $round } appariée le { $paired } a été annulée le { $at }
record-by-hand = La ronde { $round } a été appariée à la main
record-corrected = Partie { $match } corrigée le { $at }
record-before-after = { $before } avant, { $after } après
summary-seeds = ({ $south }-{ $north })
summary-unplayed = non jouée, personne ne marque
summary-south-by-forfeit = 1-0 par forfait
summary-north-by-forfeit = 0-1 par forfait
summary-draw = nulle
summary-none = pas de résultat
correction-hand = la manche { $hand } à { $score }
correction-games = les parties à { $scores }
correction-match = toute la partie à { $result }
correction-double-forfeit = la partie en double forfait (tous deux absents)
correction-forfeit-south = la partie en forfait, sud absent
correction-forfeit-north = la partie en forfait, nord absent
correction-void = la partie annulée
record-closed = Clos le { $at }
record-reopened = Rouvert le { $at }
projector-view = Vue projecteur
to-be-paired = à apparier
third-place = Troisième place

## Les tables d'une ronde

col-board = Table
col-south-first = Sud (commence)
col-result = Résultat
col-north = Nord
col-seeds = Graines
replay-title = revoir la partie
playing = en jeu
bye = exempt
bye-half-point = exemption à un demi-point
bye-zero-point = exemption à zéro point
outside-the-pairing = hors appariement

## Classement

col-name = Nom
col-points = Points
games-played = parties jouées
col-played = Jouées
col-won-short = G
col-drawn-short = N
col-lost-short = P
col-byes = Exempt.
col-reached = Atteint
reached-round = ronde { $round }
withdrawn = (retiré)
rating-all-games = Elo (tous les jeux)
legend-title = Ce que disent les colonnes
legend-rating = le classement Elo de chaque joueur à l'appariement (ronde 1, ou une inscription tardive)
legend-played-term = Jouées, G, N, P
legend-played = parties jouées (exemptions et forfaits non comptés) : gagnées, nulles, perdues
legend-byes = exemptions de toute sorte
legend-shared = à égalité de points et de tous les départages (rangés selon le classement de départ)
tb-buchholz-short = BH
tb-buchholz = Buchholz, la somme des points des adversaires (une ronde non jouée compte comme le dit la FIDE C.07)
tb-buchholz-cut1-short = BH-C1
tb-buchholz-cut1 = Buchholz sans l'adversaire qui a le moins de points
tb-sonneborn-berger-short = SB
tb-sonneborn-berger = Sonneborn-Berger, les points des adversaires battus, et la moitié de ceux des adversaires annulés
tb-head-to-head-short = Conf.
tb-head-to-head = confrontation directe, les points entre joueurs à égalité seulement
tb-wins-short = Vict.
tb-wins = parties gagnées
tb-seed-difference-short = Graines+/-
tb-seed-difference = graines gagnées moins graines perdues, sur toutes les parties

## Grille

round-by-round = Ronde par ronde
round-short = R{ $round }
player-against-player = Joueur contre joueur
side-south-short = s
side-north-short = n
cross-legend-results = 1 gagnée, ½ nulle, 0 perdue ;
cross-legend-forfeit-won = gagnée par forfait,
cross-legend-forfeit-lost = perdue par forfait ;
cross-legend-pairing-bye = l'exemption d'appariement,
cross-legend-half-bye = une exemption à un demi-point,
cross-legend-zero-bye = une exemption à zéro point ;
cross-legend-rest = * en jeu, . non apparié ; le petit nombre est la place de l'adversaire, s/n le côté (Sud commence).

## Un joueur

player = joueur
engine-player = joueur machine ({ $level })
added-at = ajouté le { $at }
retired-at = retiré le { $at }
match-count = { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}
playing-matches = joue { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}
no-match-in-progress = aucune partie en cours
tally = { $won ->
    [one] { $won } gagnée
   *[other] { $won } gagnées
}{ $won_by_forfeit ->
    [0] {""}
   *[other] {" "}({ $won_by_forfeit } par forfait)
}, { $drawn ->
    [one] { $drawn } nulle
   *[other] { $drawn } nulles
}, { $lost ->
    [one] { $lost } perdue
   *[other] { $lost } perdues
}{ $lost_by_forfeit ->
    [0] {""}
   *[other] {" "}({ $lost_by_forfeit } par forfait)
}
tally-void = { $void ->
    [one] { $text }, { $void } annulée
   *[other] { $text }, { $void } annulées
}
tally-playing = { $text }, { $playing } en jeu
rating-history = historique du classement, { $game }
rating-chart-caption = { $system } sur { $count ->
    [one] { $count } partie classée
   *[other] { $count } parties classées
} : de { $low } à { $high }, maintenant { $now }
ratings = Classements Elo
col-rated-matches = Parties classées
col-starting-rating = Classement de départ
unrated = non classé
every-variant = tous les jeux
other-variants = autres jeux
matches = Parties
no-match-yet = Pas encore de partie.
col-date = Date
col-south = Sud
col-event = Tournoi

## Une partie et sa relecture

match-finished = partie terminée : { $result }
match-in-progress = partie en cours
result-in-play = en jeu
result-void = annulée
result-double-forfeit = double forfait
result-won-by-forfeit = { $name } gagne par forfait
result-draw-entered = nulle (saisie)
result-won-entered = { $name } gagne (saisi)
result-draw = nulle
result-won = { $name } gagne
result-corrected = { $text }, corrigé
col-hand = Manche
col-first = Commence
col-moves = Coups
col-end = Fin
replay = Relecture
no-hand-played = Aucune manche n'a été jouée ici (les résultats ont été saisis).
hand-label = Manche
first-position = première position
previous-move = coup précédent
next-move = coup suivant
last-position = dernière position
hand-after-move = Manche { $hand }, après le coup { $step }
uurs = Uurs :
souths = de Sud
norths = de Nord
south = Sud
north = Nord
captured = pris { $captured }
captured-kept = pris { $captured }, gardé { $kept }
end-no-moves = plus de coup
end-all-captured = tout pris
end-repetition = répétition
end-result = résultat saisi
move-passes = passe
move-relays = sème { $laps } tours (relance { $relays ->
    [1] une fois
    [2] deux fois
   *[other] { $relays } fois
})
move-makes-uurs = fait deux Uurs
move-captures = prend { $captured }
move-captures-own-row = prend { $captured } (dans sa propre rangée)
move-captures-some-from = prend { $captured } (dont { $from } dans la rangée adverse)
move-captures-nothing = ne prend rien

mark-inaccuracy = imprécision
mark-mistake = erreur
mark-blunder = gaffe
side-south = sud
side-north = nord
review-title = Analyse par la machine
review-not-yet = Pas encore analysée : l'analyse se lance à la table de l'arbitre avec { $command }
review-engine = Version du moteur { $version }, { $nodes } nœuds par position.
review-loss = Perte : les graines qu'un coup a cédées face au meilleur coup trouvé, du côté de celui qui joue.
review-graph-label = valeur de la manche { $hand } au fil des coups, du côté de Sud
review-graph-caption = Manche { $hand } : valeur pour Sud sur { $moves } coups, { $start } au départ, { $end } à la fin (en graines ; au-dessus de la ligne, Sud mène)
review-accuracy = précision { $accuracy } %, { $loss } graines perdues par coup en moyenne, { $inaccuracies ->
    [one] { $inaccuracies } imprécision
   *[other] { $inaccuracies } imprécisions
}, { $mistakes ->
    [one] { $mistakes } erreur
   *[other] { $mistakes } erreurs
}, { $blunders ->
    [one] { $blunders } gaffe
   *[other] { $blunders } gaffes
}
review-no-choice = aucun coup avec un choix
review-hand = Manche { $hand }
review-arranged = { $name } a disposé { $played }, en perdant { $loss }
review-best-found = (meilleur trouvé { $best })
review-forced = forcé
col-player = Joueur
col-move = Coup
col-best = Meilleur
col-value-mover = Valeur (joueur)
col-loss = Perte
col-mark = Note
accuracy-title = Précision (analyses de la machine)
col-match = Partie
col-opponent = Adversaire
col-accuracy = Précision
col-average-loss = Perte moyenne
col-inaccuracies = Imprécisions
col-mistakes = Erreurs
col-blunders = Gaffes
match-number = partie { $match }
percent = { $value } %

## La page de l'arbitre

director-title = { $name } : résultats
director-sub = Saisie des résultats par l'arbitre. Chaque résultat passe les mêmes contrôles que { $command }.
director-secret = Code secret (affiché par { $command })
director-all-in = Ronde { $round } : chaque partie a son résultat.
director-to-enter = Ronde { $round } : { $count } à saisir
board-number = Table { $board }
south-first-versus = (Sud, commence) contre
north-in-brackets = (Nord)
seeds-placeholder = graines S,N
seeds-label = graines Sud,Nord
reason-placeholder = motif (gardé avec la correction)
reason-label = motif
check = Vérifier
store-it = Enregistrer
change = Modifier
result-label = résultat
choose-result = choisir le résultat
south-wins = Sud gagne : { $name }
north-wins = Nord gagne : { $name }
draw = Nulle
forfeit-south = Forfait : { $name } (Sud) n'est pas venu
forfeit-north = Forfait : { $name } (Nord) n'est pas venu
forfeit-both = Forfait : aucun des deux n'est venu
not-played-void = Non jouée : annulée
engine-boards = Jouées par la machine, aucun résultat à saisir :
engine-board = table { $board }
withdrawal = Retrait
player-label = Joueur
choose-player = choisir un joueur
forfeit-pending = et perdre par forfait sa partie inachevée de la ronde { $round }
bye-asked = Une exemption demandée pour la ronde { $round }
points-label = Points
choose = choisir
bye-points-half = un demi-point
bye-points-zero = aucun point
tournament-page = La page du tournoi

## Écrits dans la page par app.js

js-hand-move = Manche { $hand }, coup { $step } sur { $steps } : { $name } ({ $side }) joue { $move } et { $text }
js-hand-start = Manche { $hand }, le départ : { $name } ({ $side }) commence
js-over = Fin ({ $end }) : Sud { $south }, Nord { $north }
js-review-played = Analyse : le coup { $move } de { $name } a perdu
js-seeds-lost = { $loss } graines
js-only-move = , le seul coup.
js-best-was = ; le meilleur était { $best }.
js-a-best-move = , un meilleur coup.
js-best-now = Meilleur coup maintenant pour { $name } : { $best } (valeur { $value }), entouré.
js-ask = { $what } ?
js-last-entry = Dernière saisie
js-take-back-open = Annuler…
js-with-seeds = graines { $seeds }
js-take-back-text = Annuler « { $entry } » ; enregistrer à la place : { $result } ; motif : { $reason }
js-withdraw-text = Retirer { $player }
js-withdraw-forfeit = Retirer { $player }, qui perd par forfait sa partie inachevée
js-bye-text = Une exemption pour { $player } à la ronde { $round } : { $points }
js-secret-first = Tapez d'abord le code secret.
js-sending = envoi…
js-stored = enregistré : { $what }
js-taken-back = annulé : { $result } (une correction : { $reason })
js-wrong-secret = Mauvais code secret : { $text }
js-refused = Refusé : { $text }
js-unreachable = Le serveur n'a pas pu être joint ; rien n'a peut-être été écrit.

## The event's details under its title (places and names as entered)
# A day of the event (chrono's strftime pattern).
date-day = %-d %B %Y
event-dates-range = du { $from } au { $to }
event-dates-from = à partir du { $from }
event-dates-until = jusqu'au { $to }
event-chief-arbiter = arbitre principal { $name }
event-round-dates = rondes : { $list }
