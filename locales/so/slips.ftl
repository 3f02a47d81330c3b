# Warqadaha natiijada ee la daabaco (--layout slips --lang so).

slip-heading = { $tournament }, wareegga { $round }, miiska { $board }
slip-match = (ciyaarta { $match })
slip-south-first = Koonfur (ayaa bilaaba):
slip-south = Koonfur
slip-north = Waqooyi
slip-south-label = Koonfur:
slip-north-label = Waqooyi:
slip-result = Natiijo:
slip-seeds = Iniino:
slip-signed = Saxiix:
slip-south-won = Koonfur ayaa guuleystay
slip-north-won = Waqooyi ayaa guuleystay
slip-draw = Barbarro
slip-game = Ciyaarta { $game } ee { $games }: { $side } ({ $name }) ayaa bilaaba
slip-none = { $tournament }: wareegga { $round } ee { $rounds }: miis laba ciyaartoy leh ma jiro

## Warqadaha warbixinta ciyaartoyda (waxaa la daabacaa warqadaha natiijada kadib)

slip-codes-intro =
    Koodhadhka warbixinta: warqad ciyaartoy kasta, ka jar xariiqyada. Koodh
    wuxuu soo sheegaa oo keliya ciyaarta haystihiisa ee wareeggan; haddii
    warqadaha mar kale la daabaco, koodhadh cusub ayaa la sameeyaa.
slip-code-versus = { $player } ({ $side }) iyo { $opponent }
slip-code = Koodhkaaga: { $code }
slip-code-report-at = Natiijadaada ku soo sheeg
slip-code-scan = (ama iskaan garee labajibbaaranaha).
slip-code-keep =
    Koodhka qarso, cidna ha tusin:
    wuxuu soo sheegaa ciyaartaada.
