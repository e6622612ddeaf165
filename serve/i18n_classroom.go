package serve

// classroomChrome are the headings and words of the classroom panel.
var classroomChrome = []pageText{
	{En: "What you'll learn", Tr: "Neler öğreneceksiniz", Uz: "Nimalarni o‘rganasiz"},
	{En: "Basis — the model behind the numbers", Tr: "Dayanak — sayıların ardındaki model", Uz: "Asos — raqamlar ortidagi model"},
	{En: "Every relation the page uses, with its sources. What is marked as an assumption is a modelling choice or an approximation, not a theorem.", Tr: "Sayfanın kullandığı her bağıntı, kaynaklarıyla birlikte. Varsayım olarak işaretlenenler bir teorem değil, bir modelleme tercihi ya da yaklaşımdır.", Uz: "Sahifa foydalanadigan har bir bog‘lanish, manbalari bilan. Taxmin deb belgilangan narsa teorema emas, modellashtirish tanlovi yoki yaqinlashuvdir."},
	{En: "Assumption", Tr: "Varsayım", Uz: "Taxmin"},
	{En: "Constants", Tr: "Sabitler", Uz: "Doimiylar"},
	{En: "Randomness", Tr: "Rastgelelik", Uz: "Tasodifiylik"},
	{En: "Sources", Tr: "Kaynaklar", Uz: "Manbalar"},
	{En: "Disclaimer", Tr: "Sorumluluk reddi", Uz: "Ogohlantirish"},
	{En: "Calculator", Tr: "Hesap makinesi", Uz: "Kalkulyator"},
	{En: "The textbook formulas behind the page, filled with its numbers: change them and see what the formula says.", Tr: "Sayfanın ardındaki ders kitabı formülleri, sayfanın sayılarıyla doldurulmuş: değiştirin ve formülün ne dediğini görün.", Uz: "Sahifa ortidagi darslik formulalari, uning raqamlari bilan to‘ldirilgan: o‘zgartiring va formula nima deyishini ko‘ring."},
	{En: "calculate", Tr: "hesapla", Uz: "hisoblash"},
	{En: "required", Tr: "gerekli", Uz: "majburiy"},
	{En: "optional", Tr: "isteğe bağlı", Uz: "ixtiyoriy"},
	{En: "answered within t", Tr: "t içinde yanıtlanan", Uz: "t ichida javob berilgan"},
	// two of the calculator's texts, worded for students (the calculator
	// speaks of "the original" pages the models follow)
	{Key: "Response-time quantile of M/M/c: the original's approximation and the exact value", En: "Response-time quantile of M/M/c: the web service's approximation and the exact value",
		Tr: "M/M/c yanıt süresi yüzdeliği: web hizmetinin yaklaşımı ve kesin değer", Uz: "M/M/c javob vaqti kvantili: veb-xizmat yaqinlashuvi va aniq qiymat"},
	{Key: "S = switch time + Σ share·E[min(L, T)] (the original)", En: "S = switch time + Σ share·E[min(L, T)]",
		Tr: "S = anahtar süresi + Σ pay·E[min(L, T)]", Uz: "S = kommutator vaqti + Σ ulush·E[min(L, T)]"},
}

// classrooms are the panels of the two systems and of the network page.
var classrooms = map[string]classroom{
	"switch": {
		Learn: []pageText{
			{En: "Why retries can keep an overloaded switch locked in a retry storm even after capacity is added — and how load shedding and backoff break the loop.",
				Tr: "Yeniden denemeler aşırı yüklü bir anahtarı, kapasite eklendikten sonra bile neden bir yeniden deneme fırtınasında kilitli tutabilir — ve yük atma ile geri çekilme bu döngüyü nasıl kırar.",
				Uz: "Nega qayta urinishlar ortiqcha yuklangan kommutatorni quvvat qo‘shilgandan keyin ham qayta urinish bo‘ronida qulflab qo‘yishi mumkin — va yukni tashlash hamda kechiktirib urinish bu aylanani qanday buzadi."},
			{En: "How a fraud-score threshold trades fraud losses against good customers declined, and why the best threshold moves with the share of fraud.",
				Tr: "Bir dolandırıcılık puanı eşiği, dolandırıcılık kayıplarını reddedilen iyi müşterilerle nasıl takas eder ve en iyi eşik neden dolandırıcılık payıyla birlikte kayar.",
				Uz: "Firibgarlik balli chegarasi firibgarlik yo‘qotishlarini rad etilgan yaxshi mijozlarga qanday almashtiradi va eng yaxshi chegara nega firibgarlik ulushi bilan siljiydi."},
			{En: "How one slow issuer fills every connection slot (Little's law), and what a short timeout and stand-in approval cost.",
				Tr: "Tek bir yavaş kartı çıkaran kurum her bağlantı yuvasını nasıl doldurur (Little yasası) ve kısa bir zaman aşımı ile stand-in onayı neye mal olur.",
				Uz: "Bitta sekin emitent har bir ulanish slotini qanday to‘ldiradi (Little qonuni) va qisqa taymaut hamda stand-in tasdiqlash qanchaga tushadi."},
		},
		Basis: []basisItem{
			{Text: pageText{En: "New transactions arrive as a Poisson process whose rate is fixed within a minute and doubles during a sale.", Tr: "Yeni işlemler, hızı bir dakika içinde sabit olan ve indirim sırasında iki katına çıkan bir Poisson süreciyle gelir.", Uz: "Yangi tranzaksiyalar tezligi bir daqiqa ichida o‘zgarmas va chegirma paytida ikki baravar oshadigan Puasson jarayoni bilan keladi."},
				Formula: pageText{En: "λ(m) = 400 · surge(m) · (1 + N(0, 0.03)) tx/s", Tr: "λ(m) = 400 · yoğunluk(m) · (1 + N(0; 0,03)) tx/s", Uz: "λ(m) = 400 · to‘lqin(m) · (1 + N(0; 0,03)) tx/s"}, Refs: []int{2}, Assumption: true,
				Note: pageText{En: "The rates and the 3 % minute-to-minute wobble are illustrative.", Tr: "Hızlar ve dakikadan dakikaya %3'lük dalgalanma örnek değerlerdir.", Uz: "Tezliklar va daqiqadan daqiqaga 3 % tebranish ko‘rgazmali qiymatlar."}},
			{Text: pageText{En: "Little's law: busy connection slots = arrival rate × holding time.", Tr: "Little yasası: meşgul bağlantı yuvaları = geliş hızı × tutma süresi.", Uz: "Little qonuni: band ulanish slotlari = kelish tezligi × ushlab turish vaqti."},
				Formula: pageText{En: "L = λ·W: 400 tx/s × 0.33 s = 132 of 192 slots", Tr: "L = λ·W: 400 tx/s × 0,33 sn = 192 yuvanın 132'si", Uz: "L = λ·W: 400 tx/s × 0,33 s = 192 slotdan 132 tasi"}, Refs: []int{1}},
			{Text: pageText{En: "Erlang C: the probability that a transaction waits for a free slot, and that it waits longer than the 2 s queue timeout.", Tr: "Erlang C: bir işlemin boş bir yuva için bekleme olasılığı ve 2 sn'lik kuyruk zaman aşımından uzun bekleme olasılığı.", Uz: "Erlang C: tranzaksiyaning bo‘sh slotni kutish ehtimoli va 2 s navbat taymautidan uzoqroq kutish ehtimoli."},
				Formula: pageText{En: "a = λS; P(wait) = C(N, a); P(W > 2 s) = C(N, a)·e^(−(N/S − λ)·2 s)", Tr: "a = λS; P(bekleme) = C(N, a); P(W > 2 sn) = C(N, a)·e^(−(N/S − λ)·2 sn)", Uz: "a = λS; P(kutish) = C(N, a); P(W > 2 s) = C(N, a)·e^(−(N/S − λ)·2 s)"}, Refs: []int{3}},
			{Text: pageText{En: "Two normal fraud scores: genuine and fraud scores are two normal curves d′ apart; the threshold picks a point of the ROC curve.", Tr: "İki normal dağılımlı dolandırıcılık puanı: gerçek ve dolandırıcılık puanları d′ kadar uzaktaki iki normal eğridir; eşik ROC eğrisinde bir nokta seçer.", Uz: "Ikki normal firibgarlik balli: haqiqiy va firibgarlik ballari bir-biridan d′ uzoqlikdagi ikki normal egri chiziq; chegara ROC egri chizig‘idagi nuqtani tanlaydi."},
				Formula: pageText{En: "genuine ~ N(0, 1), fraud ~ N(d′, 1), d′ = 2.5; FPR(t) = 1 − Φ(t), TPR(t) = 1 − Φ(t − d′)", Tr: "gerçek ~ N(0, 1), dolandırıcılık ~ N(d′, 1), d′ = 2,5; FPR(t) = 1 − Φ(t), TPR(t) = 1 − Φ(t − d′)", Uz: "haqiqiy ~ N(0, 1), firibgarlik ~ N(d′, 1), d′ = 2,5; FPR(t) = 1 − Φ(t), TPR(t) = 1 − Φ(t − d′)"}, Refs: []int{4}, Assumption: true,
				Note: pageText{En: "The separation d′ = 2.5 and the step-up pass rates (85 % of good customers, 5 % of fraudsters) are illustrative.", Tr: "d′ = 2,5 ayrımı ve step-up geçme oranları (iyi müşterilerin %85'i, dolandırıcıların %5'i) örnek değerlerdir.", Uz: "d′ = 2,5 ajratish va step-up o‘tish ulushlari (yaxshi mijozlarning 85 % i, firibgarlarning 5 % i) ko‘rgazmali qiymatlar."}},
			{Text: pageText{En: "Issuer latency is exponential; a slot is held until the issuer answers or the timeout ends, whichever comes first.", Tr: "Kartı çıkaran kurumun gecikmesi üsteldir; bir yuva, kurum yanıt verene ya da zaman aşımı dolana kadar, hangisi önce gelirse, tutulur.", Uz: "Emitent kechikishi eksponensial; slot emitent javob berguncha yoki taymaut tugaguncha, qaysi biri oldin bo‘lsa, ushlab turiladi."},
				Formula: pageText{En: "L ~ Exp(mean m); E[min(L, T)] = m(1 − e^(−T/m)); P(L > T) = e^(−T/m)", Tr: "L ~ Exp(ortalama m); E[min(L, T)] = m(1 − e^(−T/m)); P(L > T) = e^(−T/m)", Uz: "L ~ Exp(o‘rtacha m); E[min(L, T)] = m(1 − e^(−T/m)); P(L > T) = e^(−T/m)"}, Refs: []int{2}},
			{Text: pageText{En: "Past capacity the switch still works on requests whose clients have given up, so useful throughput falls as load rises; shedding refuses the excess cheaply.", Tr: "Kapasitenin ötesinde anahtar, istemcileri vazgeçmiş isteklere de iş harcar; bu yüzden yük arttıkça faydalı verim düşer; yük atma fazlayı ucuza reddeder.", Uz: "Quvvatdan oshganda kommutator mijozlari voz kechgan so‘rovlarga ham ish sarflaydi, shuning uchun yuklama oshgani sari foydali o‘tkazuvchanlik tushadi; yukni tashlash ortiqchasini arzonga rad etadi."},
				Formula: pageText{En: "λ ≥ N/S: goodput = (N/S − ω·λ)/(1 − ω), ω = 0.3; shedding admits ≤ 0.9·N/S", Tr: "λ ≥ N/S: faydalı verim = (N/S − ω·λ)/(1 − ω), ω = 0,3; yük atma ≤ 0,9·N/S kabul eder", Uz: "λ ≥ N/S: foydali o‘tkazuvchanlik = (N/S − ω·λ)/(1 − ω), ω = 0,3; yukni tashlash ≤ 0,9·N/S qabul qiladi"}, Refs: []int{3}, Assumption: true,
				Note: pageText{En: "The share ω = 0.3 of work spent on abandoned requests is an assumption.", Tr: "Terk edilmiş isteklere harcanan işin ω = 0,3 payı bir varsayımdır.", Uz: "Tashlab ketilgan so‘rovlarga sarflangan ishning ω = 0,3 ulushi taxmindir."}},
			{Text: pageText{En: "Retries: a technical error is retried with probability 0.95, at most three times, at once or after an exponential backoff.", Tr: "Yeniden denemeler: teknik bir hata 0,95 olasılıkla, en çok üç kez, hemen ya da üstel bir geri çekilmeden sonra yeniden denenir.", Uz: "Qayta urinishlar: texnik xato 0,95 ehtimol bilan, ko‘pi bilan uch marta, darhol yoki eksponensial kechiktirishdan keyin qayta urinib ko‘riladi."},
				Formula: pageText{En: "immediate: within the next minute; backoff: delay ~ Exp(mean 1, 2, 4 min)", Tr: "anında: sonraki dakika içinde; geri çekilme: gecikme ~ Exp(ortalama 1, 2, 4 dk)", Uz: "darhol: keyingi daqiqa ichida; kechiktirib: kechikish ~ Exp(o‘rtacha 1, 2, 4 daq)"}, Assumption: true,
				Note: pageText{En: "How merchants retry is a behavioural assumption.", Tr: "Üye işyerlerinin nasıl yeniden denediği davranışsal bir varsayımdır.", Uz: "Savdo nuqtalarining qanday qayta urinishi xulq-atvor taxminidir."}},
			{Text: pageText{En: "Stand-in: amounts are lognormal, so the share at or under the limit and the volume approved follow from the normal distribution function.", Tr: "Stand-in: tutarlar log-normaldir; bu yüzden limitin altındaki pay ve onaylanan hacim normal dağılım fonksiyonundan çıkar.", Uz: "Stand-in: summalar lognormal, shuning uchun limitdan oshmaydigan ulush va tasdiqlangan hajm normal taqsimot funksiyasidan kelib chiqadi."},
				Formula: notation("P(X ≤ L) = Φ((ln L − μ)/σ); E[X; X ≤ L] = e^(μ + σ²/2)·Φ((ln L − μ − σ²)/σ)"), Refs: []int{2}},
		},
		Constants: pageText{En: "32 slots per server, 2–24 servers, 5 min boot, 6 u per server-hour · switch time 80 ms · queue timeout 2 s · issuer latency 250 ms (group B = 25 % of traffic, ±15 % per minute) · amounts lognormal, median 40 u, σ = 1, fraud ×1.5 · ω = 0.3 · shedding at 90 % of the slots",
			Tr: "sunucu başına 32 yuva, 2–24 sunucu, 5 dk açılış, sunucu-saati başına 6 u · anahtar süresi 80 ms · kuyruk zaman aşımı 2 sn · kurum gecikmesi 250 ms (B grubu = trafiğin %25'i, dakika başına ±%15) · tutarlar log-normal, medyan 40 u, σ = 1, dolandırıcılık ×1,5 · ω = 0,3 · yük atma yuvaların %90'ında",
			Uz: "har bir serverga 32 slot, 2–24 server, 5 daq yuklanish, server-soatiga 6 u · kommutator vaqti 80 ms · navbat taymauti 2 s · emitent kechikishi 250 ms (B guruhi = trafikning 25 % i, daqiqasiga ±15 %) · summalar lognormal, mediana 40 u, σ = 1, firibgarlik ×1,5 · ω = 0,3 · yukni tashlash slotlarning 90 % ida"},
		Generator: randomnessMulberry,
	},
	"web":     webClassroom,
	"network": networkClassroom,
}

// randomnessMulberry describes the systems pages' generator.
var randomnessMulberry = pageText{
	En: "A seeded mulberry32 generator (32 bits), one named stream per source of randomness; exponential times by the inverse distribution function, normal draws, Poisson arrivals. The seed is shown and travels in the replay link: the same seed and actions give the same run.",
	Tr: "Tohumlu bir mulberry32 üreteci (32 bit), her rastgelelik kaynağı için adlandırılmış bir akış; üstel süreler ters dağılım fonksiyonuyla, normal çekilişler, Poisson gelişleri. Tohum gösterilir ve tekrar oynatma bağlantısında taşınır: aynı tohum ve eylemler aynı çalıştırmayı verir.",
	Uz: "Seedli mulberry32 generatori (32 bit), har bir tasodifiylik manbai uchun nomlangan oqim; eksponensial vaqtlar teskari taqsimot funksiyasi bilan, normal tanlovlar, Puasson kelishlari. Seed ko‘rsatiladi va takrorlash havolasida uzatiladi: bir xil seed va harakatlar bir xil natija beradi.",
}
