package serve

// netRefusalTexts are the templates of the reasons the live network gives
// for refusing a change to a station kind or feature merged after the
// first network page (forks, joins, routers, buffers, balking,
// load-dependent rates, shifts) and of the few refusals it had left in
// English; translateError uses them like errorTexts. The change kinds and
// the file's keys (buffer, join_probability, rates, policy) stay as the
// user types them.
var netRefusalTexts = []pageText{
	{En: "servers of station {0}", Tr: "{0} istasyonunun sunucuları", Uz: "{0} stansiyasining serverlari"},
	{En: "buffer of station {0}", Tr: "{0} istasyonunun tamponu", Uz: "{0} stansiyasining buferi"},
	{En: "buffer of {0}", Tr: "{0} tamponu", Uz: "{0} buferi"},
	{En: "policy of station {0}", Tr: "{0} istasyonunun politikası", Uz: "{0} stansiyasining siyosati"},
	{En: "policy of router {0}", Tr: "{0} yönlendiricisinin politikası", Uz: "{0} marshrutizatorining siyosati"},
	{En: "policy of {0}", Tr: "{0} politikası", Uz: "{0} siyosati"},
	{En: "join_probability of station {0}", Tr: "{0} istasyonunun katılma olasılıkları (join_probability)", Uz: "{0} stansiyasining qo‘shilish ehtimollari (join_probability)"},
	{En: "join of {0}", Tr: "{0} katılma olasılıkları", Uz: "{0} qo‘shilish ehtimollari"},
	{En: "rates of station {0}", Tr: "{0} istasyonunun hız çarpanları (rates)", Uz: "{0} stansiyasining tezlik ko‘paytuvchilari (rates)"},
	{En: "rates of {0}", Tr: "{0} hız çarpanları", Uz: "{0} tezlik ko‘paytuvchilari"},
	{En: "station {0} join_probability", Tr: "{0} istasyonunun katılma olasılıkları (join_probability)", Uz: "{0} stansiyasining qo‘shilish ehtimollari (join_probability)"},
	{En: "station {0} rates", Tr: "{0} istasyonunun hız çarpanları (rates)", Uz: "{0} stansiyasining tezlik ko‘paytuvchilari (rates)"},
	{En: "it has none to change (give it one in the file)", Tr: "değiştirilecek bir değeri yok (dosyada ona bir değer verin)", Uz: "o‘zgartiriladigan qiymati yo‘q (faylda unga qiymat bering)"},
	{En: "a whole number from max(1, servers = {0}) to {1}", Tr: "max(1, sunucular = {0}) ile {1} arasında bir tam sayı", Uz: "max(1, serverlar = {0}) dan {1} gacha butun son"},
	{En: "{0} is not a number (want a list like 1, 0.5, 0.2)", Tr: "{0} bir sayı değil (1, 0.5, 0.2 gibi bir liste beklenir)", Uz: "{0} son emas (1, 0.5, 0.2 kabi ro‘yxat kutilgan)"},
	{En: "at most {0} values, got {1}", Tr: "en çok {0} değer, verilen {1}", Uz: "ko‘pi bilan {0} ta qiymat, berilgan {1}"},
	{En: "{0} is not a probability", Tr: "{0} bir olasılık değil", Uz: "{0} ehtimollik emas"},
	{En: "a probability must be in {0}, got {1}", Tr: "bir olasılık {0} aralığında olmalı, verilen {1}", Uz: "ehtimollik {0} oralig‘ida bo‘lishi kerak, berilgan {1}"},
	{En: "a rate multiplier must be > 0 and ≤ 1e9, got {0}", Tr: "bir hız çarpanı > 0 ve ≤ 1e9 olmalı, verilen {0}", Uz: "tezlik ko‘paytuvchisi > 0 va ≤ 1e9 bo‘lishi kerak, berilgan {0}"},
	{En: "unknown policy {0} (valid: {1})", Tr: "bilinmeyen politika {0} (geçerli: {1})", Uz: "noma’lum siyosat {0} (yaroqli: {1})"},
	{En: "unknown class {0} (valid: {1})", Tr: "bilinmeyen sınıf {0} (geçerli: {1})", Uz: "noma’lum sinf {0} (yaroqli: {1})"},
	{En: "a router has none", Tr: "bir yönlendiricinin sunucusu yoktur", Uz: "marshrutizatorning serveri yo‘q"},
	{En: "a fork has no servers", Tr: "bir çatalın sunucusu yoktur", Uz: "ayrilish nuqtasining serveri yo‘q"},
	{En: "a join has no servers", Tr: "bir birleşmenin sunucusu yoktur", Uz: "birlashish nuqtasining serveri yo‘q"},
	{En: "they follow the station's schedule", Tr: "istasyonun vardiya çizelgesine uyarlar", Uz: "ular stansiyaning smenalar jadvaliga amal qiladi"},
	{En: "a load-dependent station (rates) keeps its one server", Tr: "yüke bağlı bir istasyon (rates) tek sunucusunu korur", Uz: "yukka bog‘liq stansiya (rates) o‘zining bitta serverini saqlaydi"},
	{En: "a router's routing is its lb row only; remove the probabilities", Tr: "bir yönlendiricinin yönlendirmesi yalnızca lb satırıdır; olasılıkları kaldırın", Uz: "marshrutizatorning yo‘naltirishi faqat uning lb qatori; ehtimolliklarni olib tashlang"},
	{En: "a fork sends each job's tasks by its split: {STATION: tasks, …}, not by probabilities to {0}", Tr: "bir çatal her işin görevlerini split'iyle gönderir: {STATION: görevler, …}; {0} istasyonuna olasılıklarla değil", Uz: "ayrilish nuqtasi har bir ishning vazifalarini o‘z split i bilan yuboradi: {STATION: vazifalar, …}; {0} ga ehtimolliklar bilan emas"},
	{En: "an open class has no population; change its rate instead", Tr: "açık bir sınıfın nüfusu yoktur; bunun yerine hızını değiştirin", Uz: "ochiq sinfning populyatsiyasi yo‘q; uning o‘rniga tezligini o‘zgartiring"},
	{En: "a delay station serves everyone at once; it has no discipline", Tr: "bir gecikme istasyonu herkese aynı anda hizmet verir; disiplini yoktur", Uz: "kechikish stansiyasi hammaga birdaniga xizmat qiladi; uning intizomi yo‘q"},
	{En: "class {0} is not served there", Tr: "{0} sınıfına orada hizmet verilmez", Uz: "{0} sinfiga u yerda xizmat ko‘rsatilmaydi"},
}
