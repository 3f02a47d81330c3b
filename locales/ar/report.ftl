# goobalay serve: صفحة إبلاغ اللاعبين عن نتائجهم (/report)، وردودها، وقسم
# بلاغات اللاعبين في صفحة الحَكَم. الأسماء (اللاعبون، البطولة) تُدرَج كما هي ولا
# تُترجَم أبدًا.

## صفحة الإبلاغ

report-title = أبلِغ عن نتيجتك
report-sub = أدخِل الرمز المكتوب على ورقتك؛ تظهر مباراتك؛ ثم أدخِل نتيجتها. تُعتمَد النتيجة حين يُبلِغ خصمك عن النتيجة نفسها برمزه، أو حين يقبلها الحَكَم.
report-your-code = رمزك
report-code-label = رمزك
report-show-match = اعرض مباراتي
report-result = النتيجة
report-seeds = البذور (إن كنت قد عددتها)
report-seeds-placeholder = ج,ش
report-it = أبلِغ
report-off-page = لا يُبلِغ اللاعبون عن نتائجهم إلا حين يستقبل خادم الحَكَم النتائج.

## ما يكتبه report.js في الصفحة

report-match = { $tournament }، الجولة { $round }، الطاولة { $board }: { $south } (الجنوب) ضد { $north } (الشمال). أنت { $holder } ({ $side }).
report-you-reported = أبلغتَ عن: { $claim }.
report-opponent-reported = أبلغ خصمك عن نتيجته.
report-south-won = فاز الجنوب: { $name }
report-north-won = فاز الشمال: { $name }
report-looking = جارٍ البحث…
report-ask = هل تُبلِغ عن: { $claim }؟
report-unreachable = تعذّر الوصول إلى الخادم.

## نتيجة كما أبلغ عنها لاعب

report-claim-south = فاز { $name } (الجنوب)
report-claim-north = فاز { $name } (الشمال)
report-claim-draw = تعادل
report-claim-seeds = { $claim }، { $seeds }

## ردود صفحة الإبلاغ

report-confirmed = حُفظت: { $claim }. أبلغ خصمك عن النتيجة نفسها.
report-waiting = سُجِّل البلاغ: { $claim }. تُعتمَد النتيجة حين يُبلِغ خصمك عن النتيجة نفسها، أو حين يقبلها الحَكَم.
report-disagrees = سُجِّل البلاغ: { $claim }. أبلغ خصمك عن نتيجة أخرى: سيقرّر الحَكَم.
report-refused-off = الإبلاغ مغلق: يُبلِغ اللاعبون على خادم شُغِّل بالخيار --results
report-refused-result = «{ $text }» ليست نتيجة؛ أرسِل "result": "south" أو "north" أو "draw"
report-refused-seeds = «{ $text }» ليس عددَي بذور؛ اكتبهما هكذا: الجنوب,الشمال، عددين صحيحين من 0 فأكثر، مثل 30,18
report-refused-too-many = رموز خاطئة كثيرة جدًا ({ $per-address } في الدقيقة من العنوان الواحد، و{ $in-all } من الجميع): أعد المحاولة بعد { $wait ->
    [one] ثانية واحدة
    [two] ثانيتين
    [few] { $wait } ثوانٍ
   *[other] { $wait } ثانية
}
report-refused-unknown-code = هذا ليس رمز إبلاغ: الرمز هو الأحرف والأرقام الثمانية المكتوبة على ورقتك، مثل K7QM-4XPB
report-refused-replaced-code = استُبدل هذا الرمز حين طُبعت أوراق جديدة: أدخِل الرمز المكتوب على أحدث ورقة لديك
report-refused-no-match = ليست لـ { $player } مباراة يُبلِغ عنها في الجولة { $round } من { $tournament }
report-refused-closed = البطولة { $tournament } مغلقة: لا تستقبل نتائج
report-refused-engine = المباراة { $match } ({ $south } ضد { $north }) تلعبها الآلة: نتيجتها هي نتيجة الآلة
report-refused-decided = للمباراة { $match } ({ $south } ضد { $north }) نتيجتها بالفعل ({ $how })؛ إن كانت خاطئة فأخبِر الحَكَم
report-how-south = فاز { $name } (الجنوب)
report-how-north = فاز { $name } (الشمال)
report-how-drawn = تعادل
report-how-void = ملغاة
report-how-forfeit = فوز بالغياب، { $absent ->
    [south] الجنوب غائب
    [north] الشمال غائب
   *[both] كلاهما غائب
}
report-refused-seeds-sum = البذور النهائية { $south } + { $north } = { $sum }، لكن في هذه المباراة { $total ->
    [one] بذرة واحدة
    [two] بذرتان
    [few] { $total } بذور
   *[other] { $total } بذرة
} في اللعب؛ اكتب عددين مجموعهما { $total }
report-refused-seeds-contradict = البذور النهائية { $south }-{ $north } تناقض النتيجة «{ $result ->
    [south] فاز الجنوب
    [north] فاز الشمال
   *[draw] تعادل
}»: التعادل يحتاج بذورًا متساوية، والفوز بذورًا أكثر للفائز
report-refused-busy = قاعدة البيانات مشغولة؛ لم يُكتب شيء، أعد المحاولة

## صفحة الحَكَم: بلاغات اللاعبين

reports-title = بلاغات اللاعبين
reports-none = لا بلاغ ينتظر قرارًا.
reports-round-board = الجولة { $round }، الطاولة { $board }:
reports-south-versus = (الجنوب) ضد
reports-disagree = مختلفان
reports-accept-says = قبول بلاغ { $name }: { $claim }
reports-reported = أبلغ { $name } عن: { $claim }، الساعة { $time } بالتوقيت العالمي.
reports-accept = اقبل
reports-not-reported = لم يُبلِغ { $name } بعد.
reports-wrong-codes = الرموز الخاطئة منذ تشغيل الخادم: { $count } من { $addresses ->
    [zero] لا عنوان
    [one] عنوان واحد
    [two] عنوانين
    [few] { $addresses } عناوين
    [many] { $addresses } عنوانًا
   *[other] { $addresses } عنوان
}؛ المرفوضة لتجاوز الحدّ ({ $per-address } في الدقيقة لكل عنوان، و{ $in-all } للجميع): { $refused }.
