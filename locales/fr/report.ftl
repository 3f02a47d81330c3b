# goobalay serve : la page où les joueurs déclarent leur résultat (/report), ses
# réponses, et la partie de la page de l'arbitre sur ces déclarations. Les noms
# (joueurs, tournoi) sont insérés, jamais traduits.

## La page de déclaration

report-title = Déclarer votre résultat
report-sub = Saisissez le code de votre fiche ; votre partie s'affiche ; puis son résultat. Il est acquis quand votre adversaire déclare le même avec son code, ou quand l'arbitre l'accepte.
report-your-code = Votre code
report-code-label = votre code
report-show-match = Voir ma partie
report-result = Résultat
report-seeds = Graines (si vous les avez comptées)
report-seeds-placeholder = S,N
report-it = Le déclarer
report-off-page = Les joueurs ne déclarent leurs résultats que lorsque le serveur de l'arbitre accepte des résultats.

## Écrits dans la page par report.js

report-match = { $tournament }, ronde { $round }, table { $board } : { $south } (Sud) contre { $north } (Nord). Vous êtes { $holder } ({ $side }).
report-you-reported = Vous avez déclaré : { $claim }.
report-opponent-reported = Votre adversaire a déclaré son résultat.
report-south-won = Sud gagne : { $name }
report-north-won = Nord gagne : { $name }
report-looking = recherche…
report-ask = Déclarer : { $claim } ?
report-unreachable = Le serveur n'a pas pu être joint.

## Un résultat tel qu'un joueur l'a déclaré

report-claim-south = { $name } (Sud) a gagné
report-claim-north = { $name } (Nord) a gagné
report-claim-draw = partie nulle
report-claim-seeds = { $claim }, { $seeds }

## Les réponses de la page de déclaration

report-confirmed = Enregistré : { $claim }. Votre adversaire a déclaré la même chose.
report-waiting = Gardé : { $claim }. Il est acquis quand votre adversaire déclare la même chose, ou quand l'arbitre l'accepte.
report-disagrees = Gardé : { $claim }. Votre adversaire a déclaré un autre résultat : l'arbitre décidera.
report-refused-off = les déclarations sont fermées : les joueurs déclarent sur un serveur lancé avec --results
report-refused-result = « { $text } » n'est pas un résultat ; donnez "result": "south", "north" ou "draw"
report-refused-seeds = « { $text } » n'est pas deux nombres de graines ; donnez-les comme Sud,Nord, des entiers à partir de 0, par exemple 30,18
report-refused-too-many = trop de codes erronés ({ $per-address } par minute depuis une adresse, { $in-all } en tout) : réessayez dans { $wait ->
    [one] { $wait } seconde
   *[other] { $wait } secondes
}
report-refused-unknown-code = ce n'est pas un code de déclaration : un code est fait des 8 lettres et chiffres de votre fiche, par exemple K7QM-4XPB
report-refused-replaced-code = ce code a été remplacé quand de nouvelles fiches ont été imprimées : donnez le code de votre dernière fiche
report-refused-no-match = { $player } n'a aucune partie à déclarer à la ronde { $round } de { $tournament }
report-refused-closed = le tournoi { $tournament } est clos : il n'accepte plus de résultats
report-refused-engine = la partie { $match } ({ $south } contre { $north }) est jouée par la machine : son résultat est celui de la machine
report-refused-decided = la partie { $match } ({ $south } contre { $north }) a déjà son résultat ({ $how }) ; s'il est faux, dites-le à l'arbitre
report-how-south = { $name } (Sud) a gagné
report-how-north = { $name } (Nord) a gagné
report-how-drawn = partie nulle
report-how-void = annulée
report-how-forfeit = forfait, { $absent ->
    [south] sud absent
    [north] nord absent
   *[both] tous deux absents
}
report-refused-seeds-sum = graines finales { $south } + { $north } = { $sum }, mais cette partie a { $total ->
    [one] { $total } graine
   *[other] { $total } graines
} en jeu ; donnez deux nombres dont la somme fait { $total }
report-refused-seeds-contradict = les graines finales { $south }-{ $north } contredisent le résultat « { $result ->
    [south] Sud a gagné
    [north] Nord a gagné
   *[draw] partie nulle
} » : une partie nulle demande autant de graines de chaque côté, une victoire plus de graines au gagnant
report-refused-busy = la base de données est occupée ; rien n'a été écrit, réessayez

## La page de l'arbitre : les déclarations des joueurs

reports-title = Déclarations des joueurs
reports-none = Aucune déclaration n'attend de décision.
reports-round-board = Ronde { $round }, table { $board } :
reports-south-versus = (Sud) contre
reports-disagree = ils ne sont pas d'accord
reports-accept-says = Accepter la déclaration de { $name } : { $claim }
reports-reported = { $name } a déclaré : { $claim }, à { $time } UTC.
reports-accept = Accepter
reports-not-reported = { $name } n'a rien déclaré.
reports-wrong-codes = Codes erronés depuis le démarrage du serveur : { $count } depuis { $addresses ->
    [one] { $addresses } adresse
   *[other] { $addresses } adresses
} ; refusés au-delà de la limite ({ $per-address } par minute et par adresse, { $in-all } en tout) : { $refused }.
