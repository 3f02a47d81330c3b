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
