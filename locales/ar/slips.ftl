# أوراق النتائج المطبوعة (--layout slips --lang ar).

slip-heading = { $tournament }، الجولة { $round }، الطاولة { $board }
slip-match = (المباراة { $match })
slip-south-first = الجنوب (يبدأ):
slip-south = الجنوب
slip-north = الشمال
slip-south-label = الجنوب:
slip-north-label = الشمال:
slip-result = النتيجة:
slip-seeds = البذور:
slip-signed = التوقيع:
slip-south-won = فاز الجنوب
slip-north-won = فاز الشمال
slip-draw = تعادل
slip-game = المباراة { $game } من { $games }: { $side } ({ $name }) يبدأ
slip-none = { $tournament }: الجولة { $round } من { $rounds }: لا طاولة بلاعبين اثنين
