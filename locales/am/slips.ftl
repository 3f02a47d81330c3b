# የሚታተሙ የውጤት ወረቀቶች (--layout slips --lang am)።

slip-heading = { $tournament }፣ ዙር { $round }፣ ሰሌዳ { $board }
slip-match = (ግጥሚያ { $match })
slip-south-first = ደቡብ (ይጀምራል)፦
slip-south = ደቡብ
slip-north = ሰሜን
slip-south-label = ደቡብ፦
slip-north-label = ሰሜን፦
slip-result = ውጤት፦
slip-seeds = ጠጠሮች፦
slip-signed = ፊርማ፦
slip-south-won = ደቡብ አሸነፈ
slip-north-won = ሰሜን አሸነፈ
slip-draw = አቻ
slip-game = ጨዋታ { $game } ከ{ $games }፤ { $side } ({ $name }) ይጀምራል
slip-none = { $tournament }፤ ዙር { $round } ከ{ $rounds }፤ ሁለት ተጫዋቾች ያሉት ሰሌዳ የለም

## የተጫዋቾች የማሳወቂያ ወረቀቶች (ከውጤት ወረቀቶቹ በኋላ ይታተማሉ)

slip-codes-intro =
    የማሳወቂያ ኮዶች፦ ለእያንዳንዱ ተጫዋች አንድ ወረቀት፣ በመስመሮቹ ይቆረጡ። አንድ ኮድ
    የሚያሳውቀው የባለቤቱን የዚህን ዙር ግጥሚያ ብቻ ነው፤ ወረቀቶቹ እንደገና ሲታተሙ
    አዲስ ኮዶች ይፈጠራሉ።
slip-code-versus = { $player } ({ $side }) ከ { $opponent }
slip-code = ኮድህ፦ { $code }
slip-code-report-at = ውጤትህን እዚህ አሳውቅ፦
slip-code-scan = (ወይም ካሬውን ስካን አድርግ)።
slip-code-keep =
    ኮዱን ለራስህ ብቻ ያዝ፤
    ግጥሚያህን ያሳውቃል።
