package serve

// transientPageTexts are the network page's texts of the first minutes'
// chart (nettransient.js): the exact transient E[N(t)] from the initial
// state, its time average and the run's. The domain's names (E[N(t)],
// CTMC, initial:) stay as they are written.
var transientPageTexts = []pageText{
	{En: "The first minutes: the exact transient and the run", Tr: "İlk dakikalar: kesin geçici rejim ve koşu", Uz: "Birinchi daqiqalar: aniq o‘tish rejimi va yugurish"},
	{En: "from the network's initial state (empty, or the file's initial:) · exact CTMC by uniformization",
		Tr: "ağın başlangıç durumundan (boş ya da dosyanın initial: alanı) · düzgünleştirme (uniformization) ile kesin CTMC",
		Uz: "tarmoqning boshlang‘ich holatidan (bo‘sh yoki faylning initial: maydoni) · uniformizatsiya bilan aniq CTMC"},
	{En: "curve of:", Tr: "eğrisi:", Uz: "egri chiziq:"},
	{En: "all stations", Tr: "tüm istasyonlar", Uz: "barcha stansiyalar"},
	{En: "number at the station", Tr: "istasyondaki sayı", Uz: "stansiyadagi soni"},
	{En: "number at all stations", Tr: "tüm istasyonlardaki sayı", Uz: "barcha stansiyalardagi soni"},
	{En: "number at the stations with an exact curve", Tr: "kesin eğrisi olan istasyonlardaki sayı", Uz: "aniq egri chizig‘i bor stansiyalardagi soni"},
	{En: "t (s)", Tr: "t (sn)", Uz: "t (s)"},
	{En: "exact E[N(t)]: the mean number at time t (dashed)", Tr: "kesin E[N(t)]: t anındaki ortalama sayı (kesikli)", Uz: "aniq E[N(t)]: t vaqtdagi o‘rtacha son (shtrix)"},
	{En: "exact time average of E[N] over [0, t] (solid)", Tr: "E[N]'nin [0, t] üzerindeki kesin zaman ortalaması (düz)", Uz: "E[N] ning [0, t] bo‘yicha aniq vaqt o‘rtachasi (tutash)"},
	{En: "the run's time average of N over [0, t] (dots)", Tr: "koşunun [0, t] üzerinde N zaman ortalaması (noktalar)", Uz: "yugurishning [0, t] bo‘yicha N vaqt o‘rtachasi (nuqtalar)"},
	{En: "One run is one path of N(t), not its mean E[N(t)]. What one run estimates without bias is its time average (1/t)∫₀ᵗ N(s) ds, whose mean is the solid line: the dots scatter around it (one run: no band). The dashed line is where the network is on average at each moment.",
		Tr: "Bir koşu N(t)'nin tek bir yoludur, ortalaması E[N(t)] değil. Tek bir koşunun yansız olarak tahmin ettiği şey zaman ortalaması (1/t)∫₀ᵗ N(s) ds'dir ve bunun ortalaması düz çizgidir: noktalar onun çevresinde saçılır (tek koşu: bant yok). Kesikli çizgi, ağın her an ortalama olarak nerede olduğudur.",
		Uz: "Bitta yugurish N(t) ning bitta yo‘li, uning o‘rtachasi E[N(t)] emas. Bitta yugurish siljishsiz baholaydigan narsa vaqt o‘rtachasi (1/t)∫₀ᵗ N(s) ds bo‘lib, uning o‘rtachasi tutash chiziqdir: nuqtalar uning atrofida tarqaladi (bitta yugurish: oraliq yo‘q). Shtrix chiziq tarmoq har bir lahzada o‘rtacha qayerda ekanini ko‘rsatadi."},
	{En: "uniformization error ≤ {0} · quadrature error of the time average ≈ {1} · chains of up to {2} states",
		Tr: "düzgünleştirme hatası ≤ {0} · zaman ortalamasının kareleme (quadrature) hatası ≈ {1} · en çok {2} durumlu zincirler",
		Uz: "uniformizatsiya xatosi ≤ {0} · vaqt o‘rtachasining kvadratura xatosi ≈ {1} · {2} tagacha holatli zanjirlar"},
	{En: "computing the exact transient…", Tr: "kesin geçici rejim hesaplanıyor…", Uz: "aniq o‘tish rejimi hisoblanmoqda…"},
	{En: "No exact transient: {0}", Tr: "Kesin geçici rejim yok: {0}", Uz: "Aniq o‘tish rejimi yo‘q: {0}"},
	{En: "no time average yet: run the simulation", Tr: "henüz zaman ortalaması yok: simülasyonu çalıştırın", Uz: "hali vaqt o‘rtachasi yo‘q: simulyatsiyani ishga tushiring"},
	{En: "The network was changed at t = {0} s: the run no longer starts from this network's initial state, so only the exact curves are drawn. A change made at t = 0 (a replay link's 0:…) keeps the comparison.",
		Tr: "Ağ t = {0} sn'de değiştirildi: koşu artık bu ağın başlangıç durumundan başlamıyor, bu yüzden yalnızca kesin eğriler çiziliyor. t = 0'da yapılan bir değişiklik (bir tekrar bağlantısındaki 0:…) karşılaştırmayı korur.",
		Uz: "Tarmoq t = {0} s da o‘zgartirildi: yugurish endi bu tarmoqning boshlang‘ich holatidan boshlanmaydi, shuning uchun faqat aniq egri chiziqlar chiziladi. t = 0 da qilingan o‘zgarish (takrorlash havolasidagi 0:…) taqqoslashni saqlaydi."},
	{En: "the exact transient and the run's time average", Tr: "kesin geçici rejim ve koşunun zaman ortalaması", Uz: "aniq o‘tish rejimi va yugurishning vaqt o‘rtachasi"},
}

// transientRefusalTexts are error templates (translateError) of the
// reasons the page's transient is refused: its own, and the exact CTMC's
// most common ones (a law that is not phase-type, a chain over the cap).
var transientRefusalTexts = []pageText{
	{En: "this simulator gives no exact transient", Tr: "bu simülatör kesin geçici rejim vermez", Uz: "bu simulyator aniq o‘tish rejimini bermaydi"},
	{En: "exact CTMC refused", Tr: "kesin CTMC reddetti", Uz: "aniq CTMC rad etdi"},
	{En: "at least {0} states exceed the limit of {1}; smaller", Tr: "en az {0} durum {1} sınırını aşıyor; küçültün", Uz: "kamida {0} ta holat {1} chegarasidan oshadi; kichraytiring"},
	{En: "{0} states exceed the limit of {1}; smaller", Tr: "{0} durum {1} sınırını aşıyor; küçültün", Uz: "{0} ta holat {1} chegarasidan oshadi; kichraytiring"},
	{En: "the population of class {0} ({1})", Tr: "{0} sınıfının nüfusu ({1})", Uz: "{0} sinfining populyatsiyasi ({1})"},
	{En: "the open load (the truncation keeps up to {0} open customers) or a capacity", Tr: "açık yük (kesme en çok {0} açık müşteri tutar) ya da bir kapasite", Uz: "ochiq yuk (kesish {0} tagacha ochiq mijozni saqlaydi) yoki sig‘im"},
	{En: "{0} service is not phase-type, so it has no Markov chain", Tr: "{0} hizmeti faz tipi değil, bu yüzden Markov zinciri yok", Uz: "{0} xizmati faza turida emas, shuning uchun Markov zanjiri yo‘q"},
	{En: "service known only by mean and SCV {0}, not as a phase-type law", Tr: "hizmet yalnızca ortalaması ve SCV {0} ile biliniyor, faz tipi bir dağılım olarak değil", Uz: "xizmat faqat o‘rtachasi va SCV {0} bilan ma’lum, faza turidagi taqsimot sifatida emas"},
	{En: "{0}; the approximate methods still answer", Tr: "{0}; yaklaşık yöntemler yine de cevap verir", Uz: "{0}; taxminiy usullar baribir javob beradi"},
	{En: "customers who reach {0} never leave: no steady state to cut the open classes by", Tr: "{0} istasyonuna ulaşan müşteriler hiç ayrılmaz: açık sınıfları kesmeye esas olacak bir kararlı durum yok", Uz: "{0} ga yetgan mijozlar hech qachon chiqmaydi: ochiq sinflarni kesish uchun barqaror holat yo‘q"},
	{En: "station {0} has ρ = {1} ≥ 1: no steady state to cut the open classes by", Tr: "{0} istasyonunda ρ = {1} ≥ 1: açık sınıfları kesmeye esas olacak bir kararlı durum yok", Uz: "{0} stansiyasida ρ = {1} ≥ 1: ochiq sinflarni kesish uchun barqaror holat yo‘q"},
	{En: "class {0} arrives in batches: the exact CTMC's arrivals bring one customer each", Tr: "{0} sınıfı yığınlar hâlinde gelir: kesin CTMC'de her geliş tek bir müşteri getirir", Uz: "{0} sinfi to‘dalab keladi: aniq CTMC da har bir kelish bitta mijoz olib keladi"},
	{En: "class {0} has a time-varying arrival rate: no steady state in the exact CTMC, which is time-homogeneous", Tr: "{0} sınıfının geliş hızı zamanla değişir: zamana göre homojen olan kesin CTMC'de kararlı durum yok", Uz: "{0} sinfining kelish tezligi vaqt bilan o‘zgaradi: vaqt bo‘yicha bir jinsli aniq CTMC da barqaror holat yo‘q"},
	{En: "station {0} has a server schedule: its server count changes with time, so it has no steady state in the exact CTMC", Tr: "{0} istasyonunun bir sunucu çizelgesi var: sunucu sayısı zamanla değişir, bu yüzden kesin CTMC'de kararlı durumu yok", Uz: "{0} stansiyasining serverlar jadvali bor: serverlar soni vaqt bilan o‘zgaradi, shuning uchun aniq CTMC da barqaror holati yo‘q"},
	{En: "router {0} chooses by {1}, which depends on more than the routing probabilities (a counter or the targets' queues): the exact CTMC takes random routers only",
		Tr: "{0} yönlendiricisi {1} ile seçer; bu, yönlendirme olasılıklarından fazlasına (bir sayaca ya da hedeflerin kuyruklarına) bağlıdır: kesin CTMC yalnızca rastgele yönlendiricileri alır",
		Uz: "{0} marshrutizatori {1} bo‘yicha tanlaydi; bu yo‘naltirish ehtimolliklaridan ko‘proq narsaga (hisoblagich yoki manzillarning navbatlariga) bog‘liq: aniq CTMC faqat tasodifiy marshrutizatorlarni oladi"},
	{En: "station {0}: {1} patience; the chain takes exponential patience only", Tr: "{0} istasyonu: {1} sabır; zincir yalnızca üstel sabrı alır", Uz: "{0} stansiyasi: {1} sabr; zanjir faqat eksponensial sabrni oladi"},
	{En: "class {0}: {1} interarrival times; the chain takes Poisson arrivals only", Tr: "{0} sınıfı: {1} gelişler arası süreler; zincir yalnızca Poisson gelişlerini alır", Uz: "{0} sinfi: {1} kelishlar orasidagi vaqtlar; zanjir faqat Puasson kelishlarini oladi"},
	{En: "Gauss-Seidel did not converge in {0} sweeps (residual {1}, target {2}; the limit is Options.MaxSweeps or MaxWork)",
		Tr: "Gauss-Seidel {0} taramada yakınsamadı (artık {1}, hedef {2}; sınır Options.MaxSweeps ya da MaxWork)",
		Uz: "Gauss-Seidel {0} ta o‘tishda yaqinlashmadi (qoldiq {1}, maqsad {2}; chegara Options.MaxSweeps yoki MaxWork)"},
	{En: "the page's fixed window, the first {0} s, needs about {1} uniformization steps over {2} states (Λ = {3}/s): too many for the page; rates closer together or fewer states make it shorter, and queuelab net solve FILE --at T answers earlier times",
		Tr: "sayfanın sabit penceresi, ilk {0} sn, {2} durum üzerinde yaklaşık {1} düzgünleştirme adımı gerektiriyor (Λ = {3}/sn): sayfa için çok fazla; birbirine daha yakın hızlar ya da daha az durum bunu kısaltır, queuelab net solve DOSYA --at T ise daha erken anları yanıtlar",
		Uz: "sahifaning qat’iy oynasi, birinchi {0} s, {2} ta holat ustida taxminan {1} ta uniformizatsiya qadamini talab qiladi (Λ = {3}/s): sahifa uchun juda ko‘p; bir-biriga yaqinroq tezliklar yoki kamroq holatlar uni qisqartiradi, queuelab net solve FAYL --at T esa oldingi vaqtlarga javob beradi"},
	{En: "station {0}, class {1}", Tr: "{0} istasyonu, {1} sınıfı", Uz: "{0} stansiyasi, {1} sinfi"},
	{En: "the open classes need more than {0} customers kept in the network to cut less than {1} of the probability (a station is nearly saturated or overloaded)",
		Tr: "açık sınıflar, olasılığın {1} kadarından azını kesmek için ağda {0} müşteriden fazlasının tutulmasını gerektiriyor (bir istasyon neredeyse doymuş ya da aşırı yüklü)",
		Uz: "ochiq sinflar ehtimollikning {1} dan kamini kesish uchun tarmoqda {0} tadan ko‘p mijoz saqlanishini talab qiladi (stansiya deyarli to‘lgan yoki ortiqcha yuklangan)"},
}
