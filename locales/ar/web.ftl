# goobalay serve: كلمات صفحات الويب بالعربية.
# أسماء اللاعبين وأسماء الألعاب لا تُترجم أبدًا.

## كل صفحة

date-long = %A %-d %B %Y، %H:%M
tournaments = البطولات
live-title = تتحدّث من تلقاء نفسها
live-on = مباشر
live-off = إعادة الاتصال
languages = اللغات

## الرفض المعروض في صفحة

error-title = { $status ->
    [400] طلب غير صالح
    [403] ممنوع
    [404] غير موجود
    [405] طريقة غير مسموح بها
    [408] انتهت مهلة الطلب
    [409] تعارض
    [413] الطلب كبير جدًا
    [500] خطأ داخلي في الخادم
    [503] الخدمة غير متاحة
   *[other] خطأ
}
error-database = تعذّرت قراءة قاعدة البيانات؛ سجلّ الخادم يذكر السبب.
error-no-page = لا توجد صفحة كهذه.
error-no-tournament = لا توجد بطولة بهذا الرقم.
error-no-match = لا توجد مباراة بهذا الرقم.
error-no-player = لا يوجد لاعب بهذا الرقم.

## قائمة البطولات

index-empty = لا توجد بطولة بعد ({ $command } ينشئ واحدة).
col-tournament = البطولة
col-game = اللعبة
col-system = النظام
col-status = الحالة
col-players = اللاعبون
col-rounds = الجولات
col-results = النتائج
col-created = أُنشئت
word-finished = انتهت
word-not-started = لم تبدأ
word-in-progress = جارية
events-in-progress = { $count ->
    [0] لا توجد بطولة جارية
    [one] بطولة واحدة جارية
   *[other] { $count } بطولات جارية
}
format-round-robin = دوري كامل
format-double-round-robin = دوري كامل من دورين
format-swiss = النظام السويسري
format-knockout = خروج المغلوب
format-monrad = نظام مونراد

## البطولة

progress-not-started = لم تبدأ: التسجيل مفتوح
progress-in-progress = جارية: الجولة { $round } من { $rounds }
progress-closed-early = انتهت بعد الجولة { $round } من { $rounds } (أُغلقت مبكرًا)
progress-finished = انتهت بعد الجولة { $round }
tournament-sub = { $form } · { $players } لاعبين · النقاط: فوز { $win }، تعادل { $draw }، خسارة { $loss }، راحة { $bye }
form-single = مباريات من لعبة واحدة
form-hands = مباريات بالأشواط
form-games = مباريات من { $games } ألعاب
entries = المسجّلون
no-round-yet = لم تُقرَن أي جولة بعد.
round-heading = الجولة { $round }
round-lower = الجولة { $round }
round-short-lower = ج{ $round }
last-round = (الجولة الأخيرة)
bracket = شجرة الإقصاء
standings = الترتيب
standings-after = بعد الجولة { $round } من { $rounds }
standings-final = { $text }، نهائي
standings-in-progress = { $text } (الجولة { $round } جارية)
standings-counted = { $counted } من نتائج الجولة { $round } البالغة { $boards }
standings-with = { $text }، مع { $counted }
acceleration-baku = تسريع باكو: المجموعة أ ({ $count } لاعبين، من { $first } إلى { $last }) تُقرن بـ { $full } نقطة افتراضية حتى الجولة { $full-until } و{ $half } حتى الجولة { $half-until }؛ النقاط الافتراضية للاقتران فقط، ولا تُحسب أبدًا في النقاط أو كسر التعادل.
and = و
prizes = الجوائز
prizes-final = نهائية
prizes-as-standing = حسب الترتيب الحالي
col-prize = الجائزة
col-value = القيمة
col-winner = الفائز
col-place = المركز
col-amount = المبلغ
nobody = (لا أحد)
earlier-rounds = الجولات السابقة
standings-after-round = الترتيب بعد الجولة { $round }
crosstable = الجدول التقاطعي
records = سجلّ الحَكَم
record-unpaired = الجولة { $round } كما قُرنت في { $paired } أُلغيت في { $at }
record-by-hand = الجولة { $round } قُرنت يدويًا
record-corrected = المباراة { $match } صُحّحت في { $at }
record-before-after = { $before } قبل، { $after } بعد
summary-seeds = ({ $south }-{ $north })
summary-unplayed = لم تُلعب، لا أحد يسجّل
summary-south-by-forfeit = 1-0 بالغياب
summary-north-by-forfeit = 0-1 بالغياب
summary-draw = تعادل
summary-none = لا نتيجة
correction-hand = الشوط { $hand } إلى { $score }
correction-games = المباريات إلى { $scores }
correction-match = المباراة كلها إلى { $result }
correction-double-forfeit = المباراة إلى غياب الطرفين (كلاهما غائب)
correction-forfeit-south = المباراة إلى فوز بالغياب، الجنوب غائب
correction-forfeit-north = المباراة إلى فوز بالغياب، الشمال غائب
correction-void = المباراة إلى الإلغاء
record-closed = أُغلقت في { $at }
record-reopened = أُعيد فتحها في { $at }
projector-view = عرض الشاشة الكبيرة
to-be-paired = لم تُقرن بعد
third-place = المركز الثالث

## طاولات الجولة

col-board = الطاولة
col-south-first = الجنوب (يبدأ)
col-result = النتيجة
col-north = الشمال
col-seeds = البذور
replay-title = إعادة العرض
playing = تُلعب
bye = راحة
bye-half-point = راحة بنصف نقطة
bye-zero-point = راحة بلا نقطة
outside-the-pairing = خارج القرعة

## الترتيب

col-name = الاسم
col-points = النقاط
games-played = المباريات الملعوبة
col-played = لعب
col-won-short = ف
col-drawn-short = ت
col-lost-short = خ
col-byes = راحة
col-reached = وصل إلى
reached-round = الجولة { $round }
withdrawn = (انسحب)
rating-all-games = إيلو (كل الألعاب)
legend-title = معنى الأعمدة
legend-rating = تصنيف كل لاعب عند ترتيبه (الجولة 1، أو تسجيل متأخر)
legend-played-term = لعب، ف، ت، خ
legend-played = المباريات الملعوبة (لا تُحسب الراحات والانسحابات): فوز، تعادل، خسارة
legend-byes = الراحات بأنواعها
legend-shared = متعادلون في النقاط وفي كل معايير كسر التعادل (مرتّبون حسب ترتيب البداية)
tb-buchholz-short = BH
tb-buchholz = بوخهولز، مجموع نقاط الخصوم (الجولة غير الملعوبة تُحسب كما تقول FIDE C.07)
tb-buchholz-cut1-short = BH-C1
tb-buchholz-cut1 = بوخهولز دون الخصم صاحب أقل النقاط
tb-sonneborn-berger-short = SB
tb-sonneborn-berger = زونيبورن-بيرغر، نقاط الخصوم المهزومين ونصف نقاط من تعادل معهم
tb-head-to-head-short = مواجهة
tb-head-to-head = المواجهة المباشرة، النقاط بين المتعادلين فقط
tb-wins-short = فوز
tb-wins = المباريات المكسوبة
tb-seed-difference-short = بذور+/-
tb-seed-difference = البذور المكسوبة ناقص المفقودة، في كل المباريات

## الجدول التقاطعي

round-by-round = جولة بجولة
round-short = ج{ $round }
player-against-player = لاعب ضد لاعب
side-south-short = ج
side-north-short = ش
cross-legend-results = 1 فوز، ½ تعادل، 0 خسارة؛
cross-legend-forfeit-won = فوز بالغياب،
cross-legend-forfeit-lost = خسارة بالغياب؛
cross-legend-pairing-bye = راحة القرعة،
cross-legend-half-bye = راحة بنصف نقطة،
cross-legend-zero-bye = راحة بلا نقطة؛
cross-legend-rest = * تُلعب، . غير مقرون؛ الرقم الصغير مركز الخصم، ج/ش الجهة (الجنوب يبدأ).

## اللاعب

player = لاعب
engine-player = لاعب آلي ({ $level })
added-at = أُضيف في { $at }
retired-at = اعتزل في { $at }
match-count = { $count ->
    [zero] لا مباريات
    [one] مباراة واحدة
    [two] مباراتان
    [few] { $count } مباريات
   *[other] { $count } مباراة
}
playing-matches = يلعب { $count ->
    [one] مباراة واحدة
    [two] مباراتين
    [few] { $count } مباريات
   *[other] { $count } مباراة
}
no-match-in-progress = لا مباراة جارية
tally = فوز { $won }{ $won_by_forfeit ->
    [0] {""}
   *[other] {" "}({ $won_by_forfeit } بالغياب)
}، تعادل { $drawn }، خسارة { $lost }{ $lost_by_forfeit ->
    [0] {""}
   *[other] {" "}({ $lost_by_forfeit } بالغياب)
}
tally-void = { $text }، ملغاة { $void }
tally-playing = { $text }، جارية { $playing }
rating-history = سجلّ التصنيف، { $game }
rating-chart-caption = { $system } عبر { $count } مباراة مصنّفة: من { $low } إلى { $high }، الآن { $now }
ratings = التصنيفات
col-rated-matches = مباريات مصنّفة
col-starting-rating = التصنيف الأول
unrated = غير مصنّف
every-variant = كل الألعاب
other-variants = الألعاب الأخرى
matches = المباريات
no-match-yet = لا مباريات بعد.
col-date = التاريخ
col-south = الجنوب
col-event = البطولة

## المباراة وإعادة عرضها

match-finished = انتهت المباراة: { $result }
match-in-progress = المباراة جارية
result-in-play = تُلعب
result-void = ملغاة
result-double-forfeit = غياب الطرفين
result-won-by-forfeit = فاز { $name } بالغياب
result-draw-entered = تعادل (مُدخل)
result-won-entered = فاز { $name } (مُدخل)
result-draw = تعادل
result-won = فاز { $name }
result-corrected = { $text }، مُصحَّح
col-hand = الشوط
col-first = البادئ
col-moves = النقلات
col-end = النهاية
replay = إعادة العرض
no-hand-played = لم يُلعب أي شوط على اللوحة هنا (أُدخلت النتائج).
hand-label = الشوط
first-position = الوضع الأول
previous-move = النقلة السابقة
next-move = النقلة التالية
last-position = الوضع الأخير
hand-after-move = الشوط { $hand }، بعد النقلة { $step }
uurs = الأُور (Uur):
souths = للجنوب
norths = للشمال
south = الجنوب
north = الشمال
captured = أسر { $captured }
captured-kept = أسر { $captured }، احتفظ بـ { $kept }
end-no-moves = لا نقلات
end-all-captured = أُسر الكل
end-repetition = تكرار
end-result = نتيجة مُدخلة
move-passes = يمرّر
move-relays = يبذر { $laps } دورات (يواصل { $relays } مرات)
move-makes-uurs = يصنع اثنين من الأُور (Uur)
move-captures = يأسر { $captured }
move-captures-own-row = يأسر { $captured } (من صفّه)
move-captures-some-from = يأسر { $captured } ({ $from } من صفّ الخصم)
move-captures-nothing = لا يأسر شيئًا

mark-inaccuracy = عدم دقة
mark-mistake = خطأ
mark-blunder = خطأ فادح
side-south = الجنوب
side-north = الشمال
review-title = تحليل الآلة
review-not-yet = لم تُحلَّل بعد: يُجرى التحليل على طاولة الحَكَم بالأمر { $command }
review-engine = إصدار المحرك { $version }، { $nodes } عقدة لكل وضع.
review-loss = الخسارة: البذور التي فرّطت فيها النقلة مقارنة بأفضل نقلة وُجدت، من جهة اللاعب.
review-graph-label = قيمة الشوط { $hand } عبر نقلاته، من جهة الجنوب
review-graph-caption = الشوط { $hand }: القيمة للجنوب عبر { $moves } نقلة، { $start } في البداية، { $end } في النهاية (بالبذور؛ فوق الخط يتقدّم الجنوب)
review-accuracy = دقة { $accuracy }%، { $loss } بذرة مفقودة لكل نقلة في المتوسط، عدم الدقة: { $inaccuracies }، الأخطاء: { $mistakes }، الأخطاء الفادحة: { $blunders }
review-no-choice = لا نقلة فيها اختيار
review-hand = الشوط { $hand }
review-arranged = رتّب { $name } { $played }، وخسر { $loss }
review-best-found = (الأفضل الموجود { $best })
review-forced = إجبارية
col-player = اللاعب
col-move = النقلة
col-best = الأفضل
col-value-mover = القيمة (للاعب)
col-loss = الخسارة
col-mark = العلامة
accuracy-title = الدقة (تحليلات الآلة)
col-match = المباراة
col-opponent = الخصم
col-accuracy = الدقة
col-average-loss = متوسط الخسارة
col-inaccuracies = عدم الدقة
col-mistakes = الأخطاء
col-blunders = الأخطاء الفادحة
match-number = المباراة { $match }
percent = { $value }%

## صفحة الحَكَم

director-title = { $name }: النتائج
director-sub = إدخال النتائج للحَكَم. تمرّ كل نتيجة بنفس فحوص { $command }.
director-secret = الرمز السري (يطبعه { $command })
director-all-in = الجولة { $round }: لكل مباراة نتيجتها.
director-to-enter = الجولة { $round }: { $count } للإدخال
board-number = الطاولة { $board }
south-first-versus = (الجنوب، يبدأ) ضد
north-in-brackets = (الشمال)
seeds-placeholder = البذور ج،ش
seeds-label = البذور جنوب،شمال
reason-placeholder = السبب (يُحفظ مع التصحيح)
reason-label = السبب
check = تحقّق
store-it = احفظ
change = غيّر
result-label = النتيجة
choose-result = اختر النتيجة
south-wins = فوز الجنوب: { $name }
north-wins = فوز الشمال: { $name }
draw = تعادل
forfeit-south = غياب: { $name } (الجنوب) لم يحضر
forfeit-north = غياب: { $name } (الشمال) لم يحضر
forfeit-both = غياب: لم يحضر أيّ منهما
not-played-void = لم تُلعب: ملغاة
engine-boards = تلعبها الآلة، لا نتيجة لإدخالها:
engine-board = الطاولة { $board }
withdrawal = الانسحاب
player-label = اللاعب
choose-player = اختر لاعبًا
forfeit-pending = وخسارة مباراته غير المنتهية في الجولة { $round } بالغياب
bye-asked = راحة مطلوبة للجولة { $round }
points-label = النقاط
choose = اختر
bye-points-half = نصف نقطة
bye-points-zero = بلا نقطة
tournament-page = صفحة البطولة

## ما يكتبه app.js في الصفحة

js-hand-move = الشوط { $hand }، النقلة { $step } من { $steps }: { $name } ({ $side }) يلعب { $move } و{ $text }
js-hand-start = الشوط { $hand }، البداية: { $name } ({ $side }) يبدأ
js-over = النهاية ({ $end }): الجنوب { $south }، الشمال { $north }
js-review-played = التحليل: نقلة { $name } { $move } خسرت
js-seeds-lost = { $loss } بذرة
js-only-move = ، النقلة الوحيدة.
js-best-was = ؛ الأفضل كانت { $best }.
js-a-best-move = ، من أفضل النقلات.
js-best-now = الأفضل الآن لـ { $name }: { $best } (القيمة { $value })، محاطة بإطار.
js-ask = { $what }؟
js-last-entry = آخر إدخال
js-take-back-open = تراجع…
js-with-seeds = البذور { $seeds }
js-take-back-text = التراجع عن «{ $entry }»؛ والحفظ بدلًا منه: { $result }؛ السبب: { $reason }
js-withdraw-text = سحب { $player }
js-withdraw-forfeit = سحب { $player }، مع خسارة مباراته غير المنتهية بالغياب
js-bye-text = راحة لـ { $player } في الجولة { $round }: { $points }
js-secret-first = اكتب الرمز السري أولًا.
js-sending = جارٍ الإرسال…
js-stored = حُفظ: { $what }
js-taken-back = تمّ التراجع: { $result } (تصحيح: { $reason })
js-wrong-secret = رمز سري خاطئ: { $text }
js-refused = رُفض: { $text }
js-unreachable = تعذّر الوصول إلى الخادم؛ ربما لم يُكتب شيء.

## The event's details under its title (places and names as entered)
# A day of the event (chrono's strftime pattern).
date-day = %-d %B %Y
event-dates-range = من { $from } إلى { $to }
event-dates-from = ابتداءً من { $from }
event-dates-until = حتى { $to }
event-chief-arbiter = كبير الحكام { $name }
event-round-dates = الجولات: { $list }
