# goobalay serve: የድሩ እምቢታዎች በአማርኛ። ስሞች እንዳሉ ይገባሉ፣ አይተረጎሙም።

refusal-finished = ግጥሚያ { $match } አልቋል ({ $how })፤ ያለቀን ውጤት መቀየር እርማት ነው (የዳኛው የግጥሚያ እርማት፣ ከምክንያት ጋር)
refusal-closed = { $tournament } አልቋል ተዘግቷልም፤ ምዝገባ፣ ማቋረጥ፣ ድልድል ወይም ውጤት አይቀበልም፤ ዳኛ እንደገና ሊከፍተው ይችላል
refusal-not-entered = { $player } በ{ $tournament } አልተመዘገበም
refusal-already-withdrawn = { $player } ከ{ $tournament } አስቀድሞ ወጥቷል
refusal-bye-not-swiss = { $tournament } በ{ $format } ይካሄዳል፤ በጥያቄ የሚሰጥ እረፍት በደች ዘዴ ለሚደለደል የስዊስ ሥርዓት ብቻ ነው፤ በምትኩ ግጥሚያውን ባለመቅረብ መዝግብ
refusal-round-already-paired = ዙር { $round } አስቀድሞ ተደልድሏል፤ እረፍት የሚጠየቀው ገና ላልተደለደለ ዙር ነው፣ ከ{ $next } እስከ { $last }
refusal-round-beyond-end = ውድድሩ { $planned } ዙሮች አሉት፤ እረፍት የሚጠየቅበት ዙር { $round } የለም
refusal-bye-already-requested = { $player } ለዙር { $round } አስቀድሞ እረፍት አለው
refusal-unknown-player = '{ $name }' የሚባል ተጫዋች የለም
refusal-unknown-player-like = '{ $name }' የሚባል ተጫዋች የለም፤ '{ $like }' ማለትህ ነው?
refusal-retired = ተጫዋች '{ $name }' ከጨዋታ ተገልሏል
refusal-unplayed-knockout = ግጥሚያ { $match } አንድ ተጫዋች ማሳለፍ ያለበት የማጣሪያ ግጥሚያ ነው፤ ስለዚህ { $void ->
    [yes] ሊሰረዝ
   *[no] በሁለቱም ባለመቅረብ ሊዘጋ
} አይችልም፤ ለአንዱ ወገን ስጠው
refusal-no-reason = እርማት ምክንያት ያስፈልገዋል፤ ምክንያቱ ከእርማቱ ጋር ይመዘገባል
refusal-no-such-match = እንዲህ ያለ ግጥሚያ የለም
refusal-no-such-tournament = እንዲህ ያለ ውድድር የለም
refusal-no-such-report = እንዲህ ያለ ማሳወቂያ የለም
refusal-storage = የመረጃ ቋቱ ሊነበብ አልቻለም፤ የአገልጋዩን መዝገብ ተመልከት
refusal-not-found = እንዲህ ያለ መዝገብ የለም
refusal-unavailable = የመረጃ ቋቱ አሁን መጠቀም አይቻልም፤ ምንም አልተጻፈም
refusal-other = በውድድሩ ሕጎች ተከልክሏል፤ ምንም አልተጻፈም
web-refused-winner = '{ $text }' የግጥሚያ ውጤት አይደለም፤ "winner": "south"፣ "north" ወይም "draw" ስጥ
web-refused-seeds = '{ $text }' ሁለት የጠጠር ቁጥሮች አይደለም፤ "seeds": "ደቡብ,ሰሜን" ስጥ፣ ከ0 ጀምሮ ሙሉ ቁጥሮች፣ ለምሳሌ "30,18"
web-refused-absent = '{ $text }' ማን እንደቀረ አይናገርም፤ "absent": "south"፣ "north" ወይም "both" ስጥ
web-refused-forfeit-seeds = ባለመቅረብ የተዘጋ ግጥሚያ ጠጠር የለውም፤ ማንም አልተጫወተም፤ "absent" ብቻውን ስጥ
web-refused-winner-and-absent = አሸናፊውን ወይም የቀረውን ስጥ፣ ሁለቱንም አይደለም
web-refused-void-and-more = መሰረዝ፣ አሸናፊ ወይም የቀረውን ስጥ፤ ከሦስቱ አንዱን ብቻ
web-refused-off = ውጤት ማስገባት ተዘግቷል
web-refused-no-secret = ውጤት ለማስገባት አገልጋዩ ያተመው ሚስጥራዊ ቁልፍ ያስፈልጋል (Authorization: Bearer SECRET)
web-refused-wrong-secret = የተሳሳተ ሚስጥራዊ ቁልፍ
web-refused-engine = ግጥሚያ { $match } በማሽኑ ይጫወታል ({ $south } ከ { $north })፤ ውጤቱ የማሽኑ ነው፣ አይገባም
web-refused-nothing-to-take-back = ግጥሚያ { $match } ገና ውጤት የለውም፤ የሚመለስ ነገር የለም
web-refused-too-late = የግጥሚያ { $match } ውጤት የገባው ከ{ $minutes } ደቂቃ በላይ በፊት ነው፤ ከዚህ በኋላ የሚደረግ ለውጥ በዳኛው ጠረጴዛ የሚደረግ የግጥሚያ እርማት ነው
web-refused-bye-points = '{ $text }' የእረፍት ነጥብ አይደለም፤ "points": "zero" ወይም "half" ስጥ
web-refused-body-unreadable = የጥያቄው አካል ሊነበብ አልቻለም
web-refused-body-too-large = አካሉ ከ{ $max } ባይት ይበልጣል፤ ውጤት እንዲህ ይጻፋል { "{" }"winner": ..., "seeds": ...{ "}" }
web-refused-body-late = የጥያቄው አካል በ{ $seconds } ሰከንድ ውስጥ አልደረሰም
web-shape-result = አካሉ JSON መሆን አለበት፤ { "{" }"winner": "south"|"north"|"draw", "seeds": "S,N"{ "}" } ወይም { "{" }"absent": "south"|"north"|"both"{ "}" }
web-shape-take-back = አካሉ JSON መሆን አለበት፤ { "{" }"winner": "south"|"north"|"draw", "seeds": "S,N", "reason": ጽሑፍ{ "}" }, { "{" }"absent": "south"|"north"|"both", "reason": ጽሑፍ{ "}" } ወይም { "{" }"void": true, "reason": ጽሑፍ{ "}" }
web-shape-withdrawal = አካሉ JSON መሆን አለበት፤ { "{" }"player": ስም, "forfeit_pending": true|false{ "}" }
web-shape-bye = አካሉ JSON መሆን አለበት፤ { "{" }"player": ስም, "round": N, "points": "zero"|"half"{ "}" }
web-shape-code = አካሉ JSON መሆን አለበት፤ { "{" }"code": ኮድ{ "}" }
web-shape-report = አካሉ JSON መሆን አለበት፤ { "{" }"code": ኮድ, "result": "south"|"north"|"draw", "seeds": "S,N"{ "}" } (seeds አማራጭ ነው)

# A quoted text cut short after 40 characters: its whole length.
excerpt-cut = … ({ $count } ፊደላት)

# The database file a server keeps open changed under it (the path is not translated).
refusal-file-deleted = የመረጃ ቋት ፋይሉ { $path } ተሰርዟል አገልጋዩ ከከፈተው በኋላ፤ ከእንግዲህ ምንም አይጻፍበትም፦ አገልጋዩን እንደገና ያስጀምሩ
refusal-file-deleted-or-moved = የመረጃ ቋት ፋይሉ { $path } ተሰርዟል ወይም ተዛውሯል አገልጋዩ ከከፈተው በኋላ፤ ከእንግዲህ ምንም አይጻፍበትም፦ አገልጋዩን እንደገና ያስጀምሩ
refusal-file-replaced = የመረጃ ቋት ፋይሉ { $path } በሌላ ፋይል ተተክቷል አገልጋዩ ከከፈተው በኋላ፤ ከእንግዲህ ምንም አይጻፍበትም፦ አገልጋዩን እንደገና ያስጀምሩ
refusal-file-overwritten = የመረጃ ቋት ፋይሉ { $path } በሌላ የመረጃ ቋት ተጽፎበታል አገልጋዩ ከከፈተው በኋላ፤ ከእንግዲህ ምንም አይጻፍበትም፦ አገልጋዩን እንደገና ያስጀምሩ
