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

## أوراق إبلاغ اللاعبين (تُطبع بعد أوراق النتائج)

slip-codes-intro =
    رموز الإبلاغ: ورقة لكل لاعب، تُقصّ على الخطوط. لا يُبلِغ الرمز إلا عن
    مباراة حامله في هذه الجولة؛ وطباعة الأوراق من جديد تصنع رموزًا جديدة.
slip-code-versus = { $player } ({ $side }) ضد { $opponent }
slip-code = رمزك: { $code }
slip-code-report-at = أبلِغ عن نتيجتك على
slip-code-scan = (أو امسح المربّع).
slip-code-keep =
    احتفظ بالرمز لنفسك:
    فهو يُبلِغ عن مباراتك.
