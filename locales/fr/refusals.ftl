# goobalay serve : les refus du web, en français. Les noms sont insérés, jamais traduits.

refusal-finished = la partie { $match } est terminée ({ $how }) ; changer un résultat acquis est une correction (la correction de partie de l'arbitre, avec un motif)
refusal-closed = { $tournament } est terminé et clos : il ne prend plus ni inscriptions, ni retraits, ni appariements, ni résultats ; un arbitre peut le rouvrir
refusal-not-entered = { $player } n'est pas inscrit à { $tournament }
refusal-already-withdrawn = { $player } s'est déjà retiré de { $tournament }
refusal-bye-not-swiss = { $tournament } se joue en { $format } : les exemptions sur demande sont pour un système suisse apparié selon le système néerlandais ; donnez plutôt la partie par forfait
refusal-round-already-paired = la ronde { $round } est déjà appariée ; une exemption se demande pour une ronde pas encore appariée, de { $next } à { $last }
refusal-round-beyond-end = le tournoi a { $planned } rondes ; il n'y a pas de ronde { $round } pour laquelle demander une exemption
refusal-bye-already-requested = { $player } a déjà une exemption pour la ronde { $round }
refusal-unknown-player = aucun joueur ne s'appelle « { $name } »
refusal-unknown-player-like = aucun joueur ne s'appelle « { $name } » ; vouliez-vous dire « { $like } » ?
refusal-retired = le joueur « { $name } » n'est plus actif
refusal-unplayed-knockout = la partie { $match } est une partie à élimination directe, qui doit qualifier un joueur : elle ne peut pas être { $void ->
    [yes] annulée
   *[no] perdue par forfait des deux côtés
} ; donnez-la à l'un des deux joueurs
refusal-no-reason = une correction demande un motif : il est enregistré avec la correction
refusal-no-such-match = cette partie n'existe pas
refusal-no-such-tournament = ce tournoi n'existe pas
refusal-no-such-report = cette déclaration n'existe pas
refusal-storage = la base de données n'a pas pu être lue ; voyez le journal du serveur
refusal-not-found = cet enregistrement n'existe pas
refusal-unavailable = la base de données ne peut pas être utilisée pour l'instant ; rien n'a été écrit
refusal-other = refusé par les règles du tournoi ; rien n'a été écrit
web-refused-winner = « { $text } » n'est pas un résultat de partie ; donnez "winner": "south", "north" ou "draw"
web-refused-seeds = « { $text } » n'est pas deux nombres de graines ; donnez "seeds": "SUD,NORD", des entiers à partir de 0, par exemple "30,18"
web-refused-absent = « { $text } » ne dit pas qui était absent ; donnez "absent": "south", "north" ou "both"
web-refused-forfeit-seeds = un forfait n'a pas de graines : personne n'a joué ; donnez "absent" seul
web-refused-winner-and-absent = donnez un gagnant ou qui était absent, pas les deux
web-refused-void-and-more = donnez une annulation, un gagnant ou qui était absent : un seul des trois
web-refused-off = la saisie des résultats est fermée
web-refused-no-secret = la saisie des résultats demande le code secret affiché par le serveur (Authorization: Bearer SECRET)
web-refused-wrong-secret = mauvais code secret
web-refused-engine = la partie { $match } est jouée par la machine ({ $south } contre { $north }) ; son résultat est celui de la machine, il ne se saisit pas
web-refused-nothing-to-take-back = la partie { $match } n'a pas encore de résultat : il n'y a rien à annuler
web-refused-too-late = le résultat de la partie { $match } a été saisi il y a plus de { $minutes } minutes ; un changement plus tardif est une correction de partie, faite par l'arbitre à sa table
web-refused-bye-points = « { $text } » n'est pas la valeur d'une exemption ; donnez "points": "zero" ou "half"
web-refused-body-unreadable = le corps de la requête n'a pas pu être lu
web-refused-body-too-large = le corps dépasse { $max } octets ; un résultat s'écrit { "{" }"winner": ..., "seeds": ...{ "}" }
web-refused-body-late = le corps de la requête n'est pas arrivé en { $seconds } secondes
web-shape-result = le corps doit être du JSON : { "{" }"winner": "south"|"north"|"draw", "seeds": "S,N"{ "}" } ou { "{" }"absent": "south"|"north"|"both"{ "}" }
web-shape-take-back = le corps doit être du JSON : { "{" }"winner": "south"|"north"|"draw", "seeds": "S,N", "reason": TEXTE{ "}" }, { "{" }"absent": "south"|"north"|"both", "reason": TEXTE{ "}" } ou { "{" }"void": true, "reason": TEXTE{ "}" }
web-shape-withdrawal = le corps doit être du JSON : { "{" }"player": NOM, "forfeit_pending": true|false{ "}" }
web-shape-bye = le corps doit être du JSON : { "{" }"player": NOM, "round": N, "points": "zero"|"half"{ "}" }
web-shape-code = le corps doit être du JSON : { "{" }"code": CODE{ "}" }
web-shape-report = le corps doit être du JSON : { "{" }"code": CODE, "result": "south"|"north"|"draw", "seeds": "S,N"{ "}" } (seeds facultatif)

# A quoted text cut short after 40 characters: its whole length.
excerpt-cut = … ({ $count } caractères)

# The database file a server keeps open changed under it (the path is not translated).
refusal-file-deleted = le fichier de base de données { $path } a été supprimé depuis que le serveur l'a ouvert ; plus rien n'y est écrit : redémarrez le serveur
refusal-file-deleted-or-moved = le fichier de base de données { $path } a été supprimé ou déplacé depuis que le serveur l'a ouvert ; plus rien n'y est écrit : redémarrez le serveur
refusal-file-replaced = le fichier de base de données { $path } a été remplacé par un autre fichier depuis que le serveur l'a ouvert ; plus rien n'y est écrit : redémarrez le serveur
refusal-file-overwritten = le fichier de base de données { $path } a été écrasé par une autre base de données depuis que le serveur l'a ouvert ; plus rien n'y est écrit : redémarrez le serveur
