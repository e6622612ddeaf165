package serve

// percentilePageTexts are the network page's texts of the percentiles
// panel (netpercentiles.js). The seeds' words: Turkish "yüzdelik"
// (percentile), "yanıt süresi" (response time); Uzbek "persentil",
// "javob vaqti". The notation (p50, p90, p99, net run --percentiles)
// stays as it is written.
var percentilePageTexts = []pageText{
	{En: "Percentiles of the response time", Tr: "Yanıt süresinin yüzdelikleri", Uz: "Javob vaqtining persentillari"},
	{En: "p50, p90 and p99 end to end and per station · a run of its own, as net run --percentiles gives it · batch-quantile 95 % intervals · the exact value where one applies",
		Tr: "uçtan uca ve istasyon başına p50, p90 ve p99 · net run --percentiles'ın verdiği gibi ayrı bir koşu · grup yüzdeliği %95 aralıkları · uygulandığı yerde kesin değer",
		Uz: "boshidan oxirigacha va har bir stansiya bo‘yicha p50, p90 va p99 · net run --percentiles beradigandek alohida yugurish · guruh kvantili 95 % oraliqlari · qo‘llaniladigan joyda aniq qiymat"},
	{En: "simulate the percentiles", Tr: "yüzdelikleri simüle et", Uz: "persentillarni simulyatsiya qilish"},
	{En: "run the network as it is now, with this seed, for its percentiles (up to a second or two of the server's time)",
		Tr: "ağı şimdiki haliyle, bu tohumla, yüzdelikleri için çalıştır (sunucunun en çok bir iki saniyesi)",
		Uz: "tarmoqni hozirgi holicha, shu urug‘ bilan, persentillari uchun ishga tushirish (serverning bir-ikki soniyasigacha)"},
	{En: "simulating the percentiles…", Tr: "yüzdelikler simüle ediliyor…", Uz: "persentillar simulyatsiya qilinmoqda…"},
	{En: "No percentiles: {0}", Tr: "Yüzdelik yok: {0}", Uz: "Persentil yo‘q: {0}"},
	{En: "where", Tr: "nerede", Uz: "qayerda"},
	{En: "percentile", Tr: "yüzdelik", Uz: "persentil"},
	{En: "exact value", Tr: "kesin değer", Uz: "aniq qiymat"},
	{En: "end to end", Tr: "uçtan uca", Uz: "boshidan oxirigacha"},
	{En: "inconclusive", Tr: "belirsiz", Uz: "noaniq"},
	{En: "seed {0} · {1} s measured after a warm-up of {2} s · {3} customers · {4} batches",
		Tr: "tohum {0} · {2} sn ısınmadan sonra {1} sn ölçüldü · {3} müşteri · {4} grup",
		Uz: "urug‘ {0} · {2} s qizdirishdan keyin {1} s o‘lchandi · {3} mijoz · {4} guruh"},
	{En: "The same numbers from the command line, on the downloaded network file:",
		Tr: "Aynı sayılar komut satırından, indirilen ağ dosyası üzerinde:",
		Uz: "Xuddi shu sonlar buyruq satridan, yuklab olingan tarmoq faylida:"},
	{En: "Memory bound: only every {0}th observation was kept (at most {1} per run), so these numbers differ from net run's, which keeps more.",
		Tr: "Bellek sınırı: yalnızca her {0}. gözlem tutuldu (koşu başına en çok {1}), bu yüzden bu sayılar daha çoğunu tutan net run'ınkilerden farklıdır.",
		Uz: "Xotira chegarasi: faqat har {0}-kuzatuv saqlandi (har bir yugurishga ko‘pi bilan {1}), shuning uchun bu sonlar ko‘proq saqlaydigan net run nikidan farq qiladi."},
	{En: "Batch quantiles (Heidelberger & Lewis 1984): the quantile of each batch's own observations, averaged over the batches; the 95 % interval comes from their spread. This is a run of its own of the network as it is now, not the live run above.",
		Tr: "Grup yüzdelikleri (Heidelberger & Lewis 1984): her grubun kendi gözlemlerinin yüzdeliği, gruplar üzerinden ortalaması alınmış; %95 aralığı onların saçılımından gelir. Bu, ağın şimdiki haliyle ayrı bir koşusudur, yukarıdaki canlı koşu değil.",
		Uz: "Guruh kvantillari (Heidelberger & Lewis 1984): har bir guruhning o‘z kuzatuvlari kvantili, guruhlar bo‘yicha o‘rtachalangan; 95 % oraliq ularning tarqoqligidan keladi. Bu tarmoqning hozirgi holidagi alohida yugurishi, yuqoridagi jonli yugurish emas."},
}

// percentileErrorTexts are the templates (translateError) of the
// percentiles' refusals (netpercentile.go), part by part.
var percentileErrorTexts = []pageText{
	{En: "duration: want seconds > 0 and ≤ {0}, got {1}", Tr: "süre: 0'dan büyük ve ≤ {0} saniye beklenir, verilen {1}", Uz: "davomiylik: 0 dan katta va ≤ {0} soniya kutiladi, berilgan {1}"},
	{En: "duration {0} s", Tr: "süre {0} sn", Uz: "davomiylik {0} s"},
	{En: "not enough data", Tr: "yeterli veri yok", Uz: "ma’lumot yetarli emas"},
	{En: "expects {0} customers, need {1} ({2} per batch); lengthen the duration",
		Tr: "{0} müşteri bekleniyor, gereken {1} (grup başına {2}); süreyi uzatın",
		Uz: "{0} mijoz kutiladi, kerak {1} (har guruhga {2}); davomiylikni uzaytiring"},
	{En: "about {0} events, more than the page's {1} (at most {2} s here; queuelab net run has no such limit)",
		Tr: "yaklaşık {0} olay, sayfanın {1} sınırından fazla (burada en çok {2} sn; queuelab net run'da böyle bir sınır yok)",
		Uz: "taxminan {0} hodisa, sahifaning {1} chegarasidan ko‘p (bu yerda ko‘pi bilan {2} s; queuelab net run da bunday chegara yo‘q)"},
	{En: "about {0} MB of simulation state, more than the page's {1} MB",
		Tr: "yaklaşık {0} MB simülasyon durumu, sayfanın {1} MB sınırından fazla",
		Uz: "taxminan {0} MB simulyatsiya holati, sahifaning {1} MB chegarasidan ko‘p"},
	{En: "{0} stations and {1} classes", Tr: "{0} istasyon ve {1} sınıf", Uz: "{0} stansiya va {1} sinf"},
	{En: "the percentiles' batch boundaries would take {0} MB, more than the page's {1} MB (queuelab net run --percentiles computes them)",
		Tr: "yüzdeliklerin grup sınırları {0} MB tutardı, sayfanın {1} MB sınırından fazla (queuelab net run --percentiles bunları hesaplar)",
		Uz: "persentillarning guruh chegaralari {0} MB egallar edi, sahifaning {1} MB chegarasidan ko‘p (queuelab net run --percentiles ularni hisoblaydi)"},
	{En: "network {0} is unstable", Tr: "{0} ağı kararsız", Uz: "{0} tarmog‘i beqaror"},
	{En: "station {0} has utilisation ρ = {1} ≥ 1, so its queue grows without bound and no steady state exists",
		Tr: "{0} istasyonunun kullanımı ρ = {1} ≥ 1, bu yüzden kuyruğu sınırsız büyür ve kararlı durum yoktur",
		Uz: "{0} stansiyasining bandligi ρ = {1} ≥ 1, shuning uchun navbati cheksiz o‘sadi va barqaror holat yo‘q"},
	{En: "network {0} has no steady state", Tr: "{0} ağının kararlı durumu yok", Uz: "{0} tarmog‘ining barqaror holati yo‘q"},
	// validate.NetworkTitle of a file that names no network.
	{En: "network in {0} is unstable", Tr: "{0} dosyasındaki ağ kararsız", Uz: "{0} faylidagi tarmoq beqaror"},
	{En: "network in {0} has no steady state", Tr: "{0} dosyasındaki ağın kararlı durumu yok", Uz: "{0} faylidagi tarmoqning barqaror holati yo‘q"},
	// validate.NotEnoughDataError of a network run (a closed network's
	// customers are counted as they run, not expected before).
	{En: "{0} customers, need {1} ({2} per batch)", Tr: "{0} müşteri, gereken {1} (grup başına {2})", Uz: "{0} mijoz, kerak {1} (har guruhga {2})"},
	// analytic.ErrNoExit.
	{En: "open-class customers never leave the network: the routing of open classes has a closed loop with no exit",
		Tr: "açık sınıfın müşterileri ağdan hiç ayrılmaz: açık sınıfların yönlendirmesinde çıkışı olmayan kapalı bir döngü var",
		Uz: "ochiq sinf mijozlari tarmoqdan hech qachon chiqmaydi: ochiq sinflarning yo‘naltirishida chiqishi yo‘q yopiq halqa bor"},
	// network.DeadlockError.
	{En: "deadlock at {0} s", Tr: "{0} sn anında kilitlenme", Uz: "{0} s da o‘zaro bloklanish"},
	{En: "stations {0} are full and every busy server there holds a customer blocked by another of them, so none can ever move again; raise a buffer in the cycle or lower the population",
		Tr: "{0} istasyonları dolu ve oradaki her meşgul sunucu, bir diğerince engellenen bir müşteriyi tutuyor, bu yüzden hiçbiri bir daha ilerleyemez; döngüdeki bir tamponu büyütün ya da nüfusu azaltın",
		Uz: "{0} stansiyalari to‘la va u yerdagi har bir band server boshqasi bloklagan mijozni ushlab turibdi, shuning uchun hech biri boshqa qimirlay olmaydi; halqadagi buferni oshiring yoki populyatsiyani kamaytiring"},
	{En: "the network's event rate cannot be estimated", Tr: "ağın olay hızı kestirilemiyor", Uz: "tarmoqning hodisa tezligini baholab bo‘lmaydi"},
	{En: "the server is computing other percentiles; ask again in a moment",
		Tr: "sunucu başka yüzdelikleri hesaplıyor; birazdan yeniden sorun",
		Uz: "server boshqa persentillarni hisoblamoqda; birozdan keyin yana so‘rang"},
}
