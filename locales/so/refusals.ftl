# goobalay serve: diidmooyinka shabakadda, af Soomaali. Magacyada waa la geliyaa, lama turjumo.

refusal-finished = ciyaarta { $match } way dhammaatay ({ $how }); beddelidda natiijo dhammaatay waa sixitaan (sixitaanka ciyaarta ee garsooraha, sabab la socota)
refusal-closed = { $tournament } wuu dhammaaday waana xiran yahay: ma qaato diiwaangelin, ka bixid, lammayn iyo natiijooyin midna; garsoore ayaa dib u furi kara
refusal-not-entered = { $player } kuma diiwaangashana { $tournament }
refusal-already-withdrawn = { $player } horey ayuu uga baxay { $tournament }
refusal-bye-not-swiss = { $tournament } waa { $format }: fasaxa la codsado waxaa iska leh nidaamka Swiss ee lagu lammeeyo habka Holland; taa beddelkeeda ciyaarta u qor maqnaansho
refusal-round-already-paired = wareegga { $round } horey ayaa loo lammeeyay; fasax waxaa la codsan karaa wareeg aan weli la lammaynin, { $next } ilaa { $last }
refusal-round-beyond-end = tartanku wuxuu leeyahay { $planned } wareeg; ma jiro wareeg { $round } oo fasax loo codsado
refusal-bye-already-requested = { $player } horey ayuu fasax ugu haystaa wareegga { $round }
refusal-unknown-player = ma jiro ciyaartoy la yiraahdo '{ $name }'
refusal-unknown-player-like = ma jiro ciyaartoy la yiraahdo '{ $name }'; ma waxaad ula jeeddaa '{ $like }'?
refusal-retired = ciyaartoyga '{ $name }' wuu fariistay
refusal-unplayed-knockout = ciyaarta { $match } waa ciyaar ka-saarid ah, oo waa inay hal ciyaartoy gudbisaa, sidaas darteed ma noqon karto { $void ->
    [yes] mid la buriyay
   *[no] maqnaansho labada dhinacba
}: hal dhinac u sii
refusal-no-reason = sixitaanku wuxuu u baahan yahay sabab: waxaa lala kaydiyaa sixitaanka
refusal-no-such-match = ciyaartaas ma jirto
refusal-no-such-tournament = tartankaas ma jiro
refusal-no-such-report = warbixintaas ma jirto
refusal-storage = kaydka xogta lama akhrin karin; eeg diiwaanka server-ka
refusal-not-found = diiwaankaas ma jiro
refusal-unavailable = kaydka xogta hadda lama isticmaali karo; waxba lama qorin
refusal-other = xeerarka tartanka ayaa diiday; waxba lama qorin
web-refused-winner = '{ $text }' maaha natiijo ciyaareed; bixi "winner": "south", "north" ama "draw"
web-refused-seeds = '{ $text }' maaha laba tirood oo iniino; bixi "seeds": "KOONFUR,WAQOOYI", tirooyin dhan oo 0 ama ka badan, tusaale "30,18"
web-refused-absent = '{ $text }' ma sheegayo cidda maqnayd; bixi "absent": "south", "north" ama "both"
web-refused-forfeit-seeds = maqnaanshuhu iniino ma leh: cidna ma ciyaarin; bixi "absent" keligiis
web-refused-winner-and-absent = bixi guuleystaha ama cidda maqnayd, labadaba ha wada bixin
web-refused-void-and-more = bixi burin, guuleyste ama cidda maqnayd, midkood keliya
web-refused-off = gelinta natiijooyinka way xiran tahay
web-refused-no-secret = gelinta natiijooyinku waxay u baahan tahay furaha sirta ah ee server-ku daabacay (Authorization: Bearer SECRET)
web-refused-wrong-secret = furaha sirta ah waa khalad
web-refused-engine = ciyaarta { $match } mashiinka ayaa ciyaaraya ({ $south } iyo { $north }); natiijadeedu waa tan mashiinka, lama geliyo
web-refused-nothing-to-take-back = ciyaarta { $match } weli natiijo ma leh: wax dib loo celiyo ma jiro
web-refused-too-late = natiijada ciyaarta { $match } waxaa la geliyay in ka badan { $minutes } daqiiqo ka hor; beddel dambe waa sixitaanka ciyaarta ee garsooraha, miiskiisa
web-refused-bye-points = '{ $text }' maaha dhibcaha fasax; bixi "points": "zero" ama "half"
web-refused-body-unreadable = jirka codsiga lama akhrin karin
web-refused-body-too-large = jirku wuu ka weyn yahay { $max } bytes; natiijadu waa { "{" }"winner": ..., "seeds": ...{ "}" }
web-refused-body-late = jirka codsigu ma iman { $seconds } ilbiriqsi gudahood
web-shape-result = jirku waa inuu noqdaa JSON: { "{" }"winner": "south"|"north"|"draw", "seeds": "S,N"{ "}" } ama { "{" }"absent": "south"|"north"|"both"{ "}" }
web-shape-take-back = jirku waa inuu noqdaa JSON: { "{" }"winner": "south"|"north"|"draw", "seeds": "S,N", "reason": QORAAL{ "}" }, { "{" }"absent": "south"|"north"|"both", "reason": QORAAL{ "}" } ama { "{" }"void": true, "reason": QORAAL{ "}" }
web-shape-withdrawal = jirku waa inuu noqdaa JSON: { "{" }"player": MAGAC, "forfeit_pending": true|false{ "}" }
web-shape-bye = jirku waa inuu noqdaa JSON: { "{" }"player": MAGAC, "round": N, "points": "zero"|"half"{ "}" }
web-shape-code = jirku waa inuu noqdaa JSON: { "{" }"code": KOODH{ "}" }
web-shape-report = jirku waa inuu noqdaa JSON: { "{" }"code": KOODH, "result": "south"|"north"|"draw", "seeds": "S,N"{ "}" } (seeds waa ikhtiyaari)

# A quoted text cut short after 40 characters: its whole length.
excerpt-cut = … ({ $count } xaraf)

# The database file a server keeps open changed under it (the path is not translated).
refusal-file-deleted = faylka keydka { $path } waa la tirtiray tan iyo markii uu server-ku furay; wax dambe laguma qorayo: dib u bilow server-ka
refusal-file-deleted-or-moved = faylka keydka { $path } waa la tirtiray ama meel kale ayaa loo raray tan iyo markii uu server-ku furay; wax dambe laguma qorayo: dib u bilow server-ka
refusal-file-replaced = faylka keydka { $path } waxaa lagu beddelay fayl kale tan iyo markii uu server-ku furay; wax dambe laguma qorayo: dib u bilow server-ka
refusal-file-overwritten = faylka keydka { $path } waxaa dul qoray keyd kale tan iyo markii uu server-ku furay; wax dambe laguma qorayo: dib u bilow server-ka
