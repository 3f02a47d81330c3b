# Les feuilles de résultat imprimées (--layout slips --lang fr).

slip-heading = { $tournament }, ronde { $round }, table { $board }
slip-match = (partie { $match })
slip-south-first = Sud (commence) :
slip-south = Sud
slip-north = Nord
slip-south-label = Sud :
slip-north-label = Nord :
slip-result = Résultat :
slip-seeds = Graines :
slip-signed = Signatures :
slip-south-won = Sud gagne
slip-north-won = Nord gagne
slip-draw = Nulle
slip-game = Partie { $game } sur { $games } : { $side } ({ $name }) commence
slip-none = { $tournament } : ronde { $round } sur { $rounds } : aucune table à deux joueurs

## Les fiches de déclaration des joueurs (imprimées après les feuilles de résultat)

slip-codes-intro =
    Codes de déclaration : une fiche par joueur, à découper suivant les traits.
    Un code ne déclare que la partie de son porteur à cette ronde ; imprimer
    les fiches à nouveau crée de nouveaux codes.
slip-code-versus = { $player } ({ $side }) contre { $opponent }
slip-code = Votre code : { $code }
slip-code-report-at = Déclarez votre résultat sur
slip-code-scan = (ou scannez le carré).
slip-code-keep =
    Gardez ce code pour vous :
    il déclare votre partie.
