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
