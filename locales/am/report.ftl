# goobalay serve፦ ተጫዋቾች ውጤታቸውን የሚያሳውቁበት ገጽ (/report)፣ መልሶቹ፣ እና
# በዳኛው ገጽ ላይ ያለው የተጫዋቾች ሪፖርቶች ክፍል። ስሞች (ተጫዋቾች፣ ውድድሩ) እንዳሉ
# ይገባሉ፤ ፈጽሞ አይተረጎሙም።

## የማሳወቂያው ገጽ

report-title = ውጤትህን አሳውቅ
report-sub = በወረቀትህ ላይ ያለውን ኮድ አስገባ፤ ግጥሚያህ ይታያል፤ ከዚያ ውጤቱን ምረጥ። ተጋጣሚህ በራሱ ኮድ ተመሳሳዩን ውጤት ሲያሳውቅ፣ ወይም ዳኛው ሲቀበለው ውጤቱ ይጸናል።
report-your-code = ኮድህ
report-code-label = ኮድህ
report-show-match = ግጥሚያዬን አሳየኝ
report-result = ውጤት
report-seeds = ጠጠሮች (ከቆጠርካቸው)
report-seeds-placeholder = ደ,ሰ
report-it = አሳውቅ
report-off-page = ተጫዋቾች ውጤታቸውን የሚያሳውቁት የዳኛው አገልጋይ ውጤቶችን በሚቀበልበት ጊዜ ብቻ ነው።

## report.js በገጹ ላይ የሚጽፋቸው

report-match = { $tournament }፣ ዙር { $round }፣ ሰሌዳ { $board }፤ { $south } (ደቡብ) ከ { $north } (ሰሜን)። አንተ { $holder } ({ $side }) ነህ።
report-you-reported = ያሳወቅከው፦ { $claim }።
report-opponent-reported = ተጋጣሚህ አሳውቋል።
report-south-won = ደቡብ አሸነፈ፤ { $name }
report-north-won = ሰሜን አሸነፈ፤ { $name }
report-looking = በመፈለግ ላይ…
report-ask = ይህ ይታወቅ፦ { $claim }?
report-unreachable = አገልጋዩ ሊደረስበት አልቻለም።

## አንድ ተጫዋች ያሳወቀው ውጤት

report-claim-south = { $name } (ደቡብ) አሸነፈ
report-claim-north = { $name } (ሰሜን) አሸነፈ
report-claim-draw = አቻ
report-claim-seeds = { $claim }፣ { $seeds }

## የማሳወቂያው ገጽ መልሶች

report-confirmed = ተቀምጧል፦ { $claim }። ተጋጣሚህም ተመሳሳዩን አሳውቋል።
report-waiting = ተይዟል፦ { $claim }። ተጋጣሚህ ተመሳሳዩን ሲያሳውቅ፣ ወይም ዳኛው ሲቀበለው ይጸናል።
report-disagrees = ተይዟል፦ { $claim }። ተጋጣሚህ ሌላ ውጤት አሳውቋል፤ ዳኛው ይወስናል።
report-refused-off = ማሳወቅ ተዘግቷል፤ ተጫዋቾች የሚያሳውቁት በ--results በተጀመረ አገልጋይ ላይ ነው
report-refused-result = '{ $text }' ውጤት አይደለም፤ "result": "south"፣ "north" ወይም "draw" ስጥ
report-refused-seeds = '{ $text }' ሁለት የጠጠር ቁጥሮች አይደለም፤ እንደ ደቡብ,ሰሜን ስጣቸው፣ ከ0 ጀምሮ ሙሉ ቁጥሮች፣ ለምሳሌ 30,18
report-refused-too-many = በጣም ብዙ የተሳሳቱ ኮዶች (ከአንድ አድራሻ በደቂቃ { $per-address }፣ ከሁሉም { $in-all })፤ ከ{ $wait } ሰከንድ በኋላ እንደገና ሞክር
report-refused-unknown-code = ይህ የማሳወቂያ ኮድ አይደለም፤ ኮዱ በወረቀትህ ላይ ያሉት 8 ፊደላትና አሃዞች ናቸው፣ ለምሳሌ K7QM-4XPB
report-refused-replaced-code = አዲስ ወረቀቶች ሲታተሙ ይህ ኮድ ተተክቷል፤ በመጨረሻው ወረቀትህ ላይ ያለውን ኮድ አስገባ
report-refused-no-match = { $player } በ{ $tournament } ዙር { $round } የሚያሳውቀው ግጥሚያ የለውም
report-refused-closed = ውድድሩ { $tournament } ተዘግቷል፤ ውጤቶችን አይቀበልም
report-refused-engine = ግጥሚያ { $match } ({ $south } ከ { $north }) በማሽኑ ይጫወታል፤ ውጤቱ የማሽኑ ነው
report-refused-decided = ግጥሚያ { $match } ({ $south } ከ { $north }) ውጤቱ አስቀድሞ ተመዝግቧል ({ $how })፤ ስህተት ከሆነ ለዳኛው ንገር
report-how-south = { $name } (ደቡብ) አሸነፈ
report-how-north = { $name } (ሰሜን) አሸነፈ
report-how-drawn = አቻ
report-how-void = ተሰርዟል
report-how-forfeit = ባለመቅረብ፣ { $absent ->
    [south] ደቡብ የለም
    [north] ሰሜን የለም
   *[both] ሁለቱም የሉም
}
report-refused-seeds-sum = የመጨረሻ ጠጠሮች { $south } + { $north } = { $sum }፣ ግን ይህ ግጥሚያ በጨዋታ ላይ { $total } ጠጠሮች አሉት፤ ድምራቸው { $total } የሆነ ሁለት ቁጥሮች ስጥ
report-refused-seeds-contradict = የመጨረሻ ጠጠሮች { $south }-{ $north } ውጤቱን '{ $result ->
    [south] ደቡብ አሸነፈ
    [north] ሰሜን አሸነፈ
   *[draw] አቻ
}' ይቃረናሉ፤ አቻ እኩል ጠጠሮችን፣ ድል ደግሞ ለአሸናፊው ብዙ ጠጠሮችን ይፈልጋል
report-refused-busy = የመረጃ ቋቱ ተይዟል፤ ምንም አልተጻፈም፣ እንደገና ሞክር

## የዳኛው ገጽ፦ የተጫዋቾች ሪፖርቶች

reports-title = የተጫዋቾች ሪፖርቶች
reports-none = ውሳኔ የሚጠብቅ ሪፖርት የለም።
reports-round-board = ዙር { $round }፣ ሰሌዳ { $board }፦
reports-south-versus = (ደቡብ) ከ
reports-disagree = አልተስማሙም
reports-accept-says = የ{ $name }ን ሪፖርት ተቀበል፦ { $claim }
reports-reported = { $name } በ{ $time } UTC አሳውቋል፦ { $claim }።
reports-accept = ተቀበል
reports-not-reported = { $name } ገና አላሳወቀም።
reports-wrong-codes = አገልጋዩ ከተጀመረ ወዲህ የተሳሳቱ ኮዶች፦ { $count } ከ{ $addresses } አድራሻ፤ ከገደቡ በላይ ሆነው ውድቅ የተደረጉ (ለእያንዳንዱ አድራሻ በደቂቃ { $per-address }፣ በአጠቃላይ { $in-all })፦ { $refused }።
