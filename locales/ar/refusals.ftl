# goobalay serve: رفض الويب بالعربية. تُدرج الأسماء كما هي ولا تُترجم.

refusal-finished = المباراة { $match } انتهت ({ $how })؛ تغيير نتيجة منتهية تصحيحٌ (تصحيح المباراة على يد الحَكَم، مع ذكر السبب)
refusal-closed = { $tournament } انتهت وأُغلقت: لا تقبل تسجيلًا ولا انسحابًا ولا قرنًا لجولة ولا نتائج؛ يعيد الحَكَم فتحها
refusal-not-entered = { $player } غير مسجَّل في { $tournament }
refusal-already-withdrawn = انسحب { $player } من { $tournament } من قبل
refusal-bye-not-swiss = { $tournament } تُلعب بنظام { $format }: الراحة بطلب اللاعب خاصة بالنظام السويسري المقرون بالطريقة الهولندية؛ سجّل المباراة بالغياب بدلًا من ذلك
refusal-round-already-paired = الجولة { $round } قُرنت بالفعل؛ تُطلب الراحة لجولة لم تُقرن بعد، من { $next } إلى { $last }
refusal-round-beyond-end = للبطولة { $planned } جولات؛ لا توجد جولة { $round } لطلب راحة فيها
refusal-bye-already-requested = لـ { $player } راحة في الجولة { $round } بالفعل
refusal-unknown-player = لا يوجد لاعب باسم «{ $name }»
refusal-unknown-player-like = لا يوجد لاعب باسم «{ $name }»؛ هل تقصد «{ $like }»؟
refusal-retired = اللاعب «{ $name }» معتزل
refusal-unplayed-knockout = المباراة { $match } مباراة خروج المغلوب يجب أن تُصعِد لاعبًا واحدًا، فلا يمكن { $void ->
    [yes] إلغاؤها
   *[no] تسجيلها غيابًا للاثنين
}: امنحها لأحد الجانبين
refusal-no-reason = التصحيح يحتاج إلى سبب: يُحفظ السبب مع التصحيح
refusal-no-such-match = لا توجد هذه المباراة
refusal-no-such-tournament = لا توجد هذه البطولة
refusal-no-such-report = لا يوجد هذا البلاغ
refusal-storage = تعذّرت قراءة قاعدة البيانات؛ راجع سجل الخادم
refusal-not-found = لا يوجد هذا السجل
refusal-unavailable = لا يمكن استخدام قاعدة البيانات الآن؛ لم يُكتب شيء
refusal-other = رفضته قواعد البطولة؛ لم يُكتب شيء
web-refused-winner = «{ $text }» ليست نتيجة مباراة؛ أرسِل "winner": "south" أو "north" أو "draw"
web-refused-seeds = «{ $text }» ليس عددَي بذور؛ أرسِل "seeds": "الجنوب,الشمال"، عددين صحيحين من 0 فأكثر، مثل "30,18"
web-refused-absent = «{ $text }» لا يحدد الغائب؛ أرسِل "absent": "south" أو "north" أو "both"
web-refused-forfeit-seeds = لا بذور في الغياب: لم يلعب أحد؛ أرسِل "absent" وحده
web-refused-winner-and-absent = أرسِل الفائز أو الغائب، لا الاثنين معًا
web-refused-void-and-more = أرسِل إلغاءً أو فائزًا أو غائبًا، واحدًا منها فقط
web-refused-off = إدخال النتائج مغلق
web-refused-no-secret = إدخال النتائج يحتاج إلى الرمز السري الذي طبعه الخادم (Authorization: Bearer SECRET)
web-refused-wrong-secret = رمز سري خاطئ
web-refused-engine = المباراة { $match } تلعبها الآلة ({ $south } ضد { $north })؛ نتيجتها نتيجة الآلة ولا تُدخَل
web-refused-nothing-to-take-back = ليست للمباراة { $match } نتيجة بعد: لا شيء للتراجع عنه
web-refused-too-late = أُدخلت نتيجة المباراة { $match } قبل أكثر من { $minutes } دقائق؛ أيّ تغيير بعد ذلك تصحيحٌ للمباراة يجريه الحَكَم على طاولته
web-refused-bye-points = «{ $text }» ليست نقاط راحة؛ أرسِل "points": "zero" أو "half"
web-refused-body-unreadable = تعذّرت قراءة جسم الطلب
web-refused-body-too-large = جسم الطلب أكبر من { $max } بايت؛ النتيجة تُكتب هكذا { "{" }"winner": ..., "seeds": ...{ "}" }
web-refused-body-late = لم يصل جسم الطلب خلال { $seconds } ثوانٍ
web-shape-result = يجب أن يكون جسم الطلب JSON: { "{" }"winner": "south"|"north"|"draw", "seeds": "S,N"{ "}" } أو { "{" }"absent": "south"|"north"|"both"{ "}" }
web-shape-take-back = يجب أن يكون جسم الطلب JSON: { "{" }"winner": "south"|"north"|"draw", "seeds": "S,N", "reason": النص{ "}" }, { "{" }"absent": "south"|"north"|"both", "reason": النص{ "}" } أو { "{" }"void": true, "reason": النص{ "}" }
web-shape-withdrawal = يجب أن يكون جسم الطلب JSON: { "{" }"player": الاسم, "forfeit_pending": true|false{ "}" }
web-shape-bye = يجب أن يكون جسم الطلب JSON: { "{" }"player": الاسم, "round": N, "points": "zero"|"half"{ "}" }
web-shape-code = يجب أن يكون جسم الطلب JSON: { "{" }"code": الرمز{ "}" }
web-shape-report = يجب أن يكون جسم الطلب JSON: { "{" }"code": الرمز, "result": "south"|"north"|"draw", "seeds": "S,N"{ "}" } (seeds اختياري)

# A quoted text cut short after 40 characters: its whole length.
excerpt-cut = … ({ $count } حرفًا)

# The database file a server keeps open changed under it (the path is not translated).
refusal-file-deleted = حُذف ملف قاعدة البيانات { $path } منذ أن فتحه الخادم؛ لن يُكتب فيه شيء بعد الآن: أعد تشغيل الخادم
refusal-file-deleted-or-moved = حُذف ملف قاعدة البيانات { $path } أو نُقل منذ أن فتحه الخادم؛ لن يُكتب فيه شيء بعد الآن: أعد تشغيل الخادم
refusal-file-replaced = استُبدل ملف قاعدة البيانات { $path } بملف آخر منذ أن فتحه الخادم؛ لن يُكتب فيه شيء بعد الآن: أعد تشغيل الخادم
refusal-file-overwritten = كُتبت قاعدة بيانات أخرى فوق ملف قاعدة البيانات { $path } منذ أن فتحه الخادم؛ لن يُكتب فيه شيء بعد الآن: أعد تشغيل الخادم
