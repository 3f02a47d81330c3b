# goobalay serve: bogga ay ciyaartoydu natiijadooda ku soo sheegaan (/report),
# jawaabihiisa, iyo qaybta bogga garsooraha ee warbixinnada ciyaartoyda.
# Magacyada (ciyaartoyda, tartanka) waa la geliyaa, weligood lama turjumo.

## Bogga warbixinta

report-title = Soo sheeg natiijadaada
report-sub = Geli koodhka ku qoran warqaddaada; ciyaartaada ayaa soo baxaysa; kadib natiijadeeda. Way ansaxdaa marka ka soo horjeedkaagu isla natiijada ku soo sheego koodhkiisa, ama marka garsooruhu aqbalo.
report-your-code = Koodhkaaga
report-code-label = koodhkaaga
report-show-match = I tus ciyaartayda
report-result = Natiijo
report-seeds = Iniinaha (haddii aad tirisay)
report-seeds-placeholder = K,W
report-it = Soo sheeg
report-off-page = Ciyaartoydu natiijooyinkooda waxay soo sheegaan oo keliya marka server-ka garsooruhu natiijooyin qaadanayo.

## Waxa report.js bogga ku qoro

report-match = { $tournament }, wareegga { $round }, miiska { $board }: { $south } (Koonfur) iyo { $north } (Waqooyi). Adigu waxaad tahay { $holder } ({ $side }).
report-you-reported = Waxaad soo sheegtay: { $claim }.
report-opponent-reported = Ka soo horjeedkaagu wuu soo sheegay.
report-south-won = Koonfur ayaa guuleystay: { $name }
report-north-won = Waqooyi ayaa guuleystay: { $name }
report-looking = waa la raadinayaa…
report-ask = Ma soo sheegaysaa: { $claim }?
report-unreachable = Server-ka lama gaarin.

## Natiijo sida ciyaartoy u soo sheegay

report-claim-south = { $name } (Koonfur) ayaa guuleystay
report-claim-north = { $name } (Waqooyi) ayaa guuleystay
report-claim-draw = barbarro
report-claim-seeds = { $claim }, { $seeds }

## Jawaabaha bogga warbixinta

report-confirmed = Waa la kaydiyay: { $claim }. Ka soo horjeedkaagu isla sidaas ayuu soo sheegay.
report-waiting = Waa la hayaa: { $claim }. Way ansaxdaa marka ka soo horjeedkaagu isla sidaas soo sheego, ama marka garsooruhu aqbalo.
report-disagrees = Waa la hayaa: { $claim }. Ka soo horjeedkaagu natiijo kale ayuu soo sheegay: garsooraha ayaa go'aamin doona.
report-refused-off = soo sheegiddu way xiran tahay: ciyaartoydu waxay ku soo sheegaan server lagu bilaabay --results
report-refused-result = '{ $text }' natiijo maaha; bixi "result": "south", "north" ama "draw"
report-refused-seeds = '{ $text }' maaha laba tirood oo iniino; u bixi sida Koonfur,Waqooyi, tirooyin dhan oo 0 ama ka badan, tusaale 30,18
report-refused-too-many = koodh khaldan oo aad u badan ({ $per-address } daqiiqaddii hal cinwaan, { $in-all } dhammaan): isku day mar kale { $wait } ilbiriqsi kadib
report-refused-unknown-code = taasi maaha koodh warbixin: koodhku waa 8-da xaraf iyo tirada ku qoran warqaddaada, tusaale K7QM-4XPB
report-refused-replaced-code = koodhkaas waa la beddelay markii warqado cusub la daabacay: geli koodhka ku qoran warqaddaadii ugu dambeysay
report-refused-no-match = { $player } ciyaar uu soo sheego kuma laha wareegga { $round } ee { $tournament }
report-refused-closed = tartanka { $tournament } waa xiran yahay: natiijooyin ma qaato
report-refused-engine = ciyaarta { $match } ({ $south } iyo { $north }) mashiinka ayaa ciyaaraya: natiijadeedu waa tan mashiinka
report-refused-decided = ciyaarta { $match } ({ $south } iyo { $north }) natiijadeedii way leedahay ({ $how }); haddii ay khaldan tahay, u sheeg garsooraha
report-how-south = { $name } (Koonfur) ayaa guuleystay
report-how-north = { $name } (Waqooyi) ayaa guuleystay
report-how-drawn = barbarro
report-how-void = waa la buriyay
report-how-forfeit = maqnaansho, { $absent ->
    [south] koonfur ma iman
    [north] waqooyi ma iman
   *[both] labaduba ma iman
}
report-refused-seeds-sum = iniinaha ugu dambeeya { $south } + { $north } = { $sum }, laakiin ciyaartan waxaa ku jira { $total } iniino; bixi laba tirood oo isku darkoodu yahay { $total }
report-refused-seeds-contradict = iniinaha ugu dambeeya { $south }-{ $north } waxay ka hor imanayaan natiijada '{ $result ->
    [south] Koonfur ayaa guuleystay
    [north] Waqooyi ayaa guuleystay
   *[draw] barbarro
}': barbarro waxay u baahan tahay iniino isku le'eg, guushuna iniino badan oo guuleystaha ah
report-refused-busy = kaydka xogta waa mashquul; waxba lama qorin, isku day mar kale

## Bogga garsooraha: warbixinnada ciyaartoyda

reports-title = Warbixinnada ciyaartoyda
reports-none = Ma jiro warbixin go'aan sugaysa.
reports-round-board = Wareegga { $round }, miiska { $board }:
reports-south-versus = (Koonfur) iyo
reports-disagree = way isku khilaafsan yihiin
reports-accept-says = Aqbal warbixinta { $name }: { $claim }
reports-reported = { $name } wuxuu soo sheegay { $claim } saacadda { $time } UTC.
reports-accept = Aqbal
reports-not-reported = { $name } weli ma soo sheegin.
reports-wrong-codes = Koodhadhka khaldan tan iyo markii server-ka la bilaabay: { $count } oo ka yimid { $addresses } cinwaan; kuwa la diiday xadka kadib ({ $per-address } daqiiqaddii cinwaan kasta, { $in-all } dhammaan): { $refused }.
