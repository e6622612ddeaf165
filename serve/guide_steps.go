package serve

import (
	"fmt"
	"math"
	"strings"

	"queuelab/model/input"
	"queuelab/model/paymentswitch"
)

// The guided steps of each scenario (see guide.go), in the pages' three
// languages. Each Answer applies the relation its step teaches to the
// run's last minute.

var stepLittleSwitch = guideStep{
	Minute: 3, Unit: "slots",
	Do: pageText{En: "Press +1 min three times. The model & formulas panel shows S, the mean time an attempt holds a connection slot; the cards show the traffic.",
		Tr: "+1 dk'ya üç kez basın. Model ve formüller paneli S'yi, bir denemenin bir bağlantı yuvasını ortalama tuttuğu süreyi gösterir; kartlar trafiği gösterir.",
		Uz: "+1 daq tugmasini uch marta bosing. Model va formulalar paneli S ni — urinish ulanish slotini o‘rtacha band qiladigan vaqtni ko‘rsatadi; kartalar trafikni ko‘rsatadi."},
	Ask: pageText{En: "Little's law: how many slots are busy on average in the last minute? (λ = attempts admitted per second, S = the holding time)",
		Tr: "Little yasası: son dakikada ortalama kaç bağlantı yuvası meşgul? (λ = saniyede kabul edilen denemeler, S = tutma süresi)",
		Uz: "Little qonuni: oxirgi daqiqada o‘rtacha nechta slot band? (λ = soniyasiga qabul qilingan urinishlar, S = band qilish vaqti)"},
	Work: pageText{En: "λ = {0}/s × S = {1} s = {2} busy slots (the simulation measured {3})",
		Tr: "λ = {0}/sn × S = {1} sn = {2} meşgul yuva (simülasyon {3} ölçtü)",
		Uz: "λ = {0}/s × S = {1} s = {2} band slot (simulyatsiya {3} ni o‘lchadi)"},
	Answer: func(r whyRows, i int) (float64, []float64, error) {
		lam := switchAdmitted(r, i)
		s, err := switchHolding(r, i)
		measured := r.col(i, "busy_slots") * switchSlots(r, i)
		return lam * s, []float64{lam, s, lam * s, measured}, err
	},
}

var stepRetryShare = guideStep{
	Minute: 12, Unit: "%",
	Do: pageText{En: "Run to minute 12: the sale started at minute 5 and merchants retry every technical error at once. Look at the Show why panel: new and retried attempts against the capacity line.",
		Tr: "12. dakikaya kadar çalıştırın: indirim 5. dakikada başladı ve üye işyerleri her teknik hatayı hemen yeniden dener. Nedenini göster paneline bakın: kapasite çizgisine karşı yeni ve yeniden denenen denemeler.",
		Uz: "12-daqiqagacha ishga tushiring: chegirma 5-daqiqada boshlandi va savdo nuqtalari har bir texnik xatoni darhol qayta urinadi. Sababini ko‘rsat paneliga qarang: sig‘im chizig‘iga nisbatan yangi va qayta urinishlar."},
	Ask: pageText{En: "What share of the last minute's attempts are retries (in %)?",
		Tr: "Son dakikadaki denemelerin yüzde kaçı yeniden denemedir?",
		Uz: "Oxirgi daqiqadagi urinishlarning necha foizi qayta urinishlar?"},
	Work: pageText{En: "{0} retries/s of {1} attempts/s = {2} %; the capacity N/S is {3}/s",
		Tr: "{1} deneme/sn'nin {0} yeniden deneme/sn'si = %{2}; kapasite N/S {3}/sn",
		Uz: "{1} urinish/s dan {0} qayta urinish/s = {2} %; sig‘im N/S {3}/s"},
	Answer: func(r whyRows, i int) (float64, []float64, error) {
		retry, offered := r.col(i, "retry_tps"), r.col(i, "offered_tps")
		s, err := switchHolding(r, i)
		c := switchSlots(r, i) / s
		return 100 * retry / offered, []float64{retry, offered, 100 * retry / offered, c}, err
	},
}

var stepThresholdShift = guideStep{
	Minute: 6, Unit: "σ",
	Do: pageText{En: "Run to minute 6: at minute 5 the fraud share jumps from 0.1 % to 1 %. Genuine scores are N(0, 1), fraudulent ones N(d′, 1).",
		Tr: "6. dakikaya kadar çalıştırın: 5. dakikada dolandırıcılık payı %0,1'den %1'e fırlar. Gerçek skorlar N(0, 1), dolandırıcılık skorları N(d′, 1) dağılır.",
		Uz: "6-daqiqagacha ishga tushiring: 5-daqiqada firibgarlik ulushi 0,1 % dan 1 % ga sakraydi. Haqiqiy ballar N(0, 1), firibgarlik ballari N(d′, 1)."},
	Ask: pageText{En: "Ten times more fraud moves the cost-optimal threshold down by ln 10 / d′. By how many σ, with this model's d′?",
		Tr: "On kat daha fazla dolandırıcılık, maliyet açısından en iyi eşiği ln 10 / d′ kadar aşağı çeker. Bu modelin d′'siyle kaç σ?",
		Uz: "O‘n baravar ko‘p firibgarlik xarajat bo‘yicha eng yaxshi chegarani ln 10 / d′ ga pastga suradi. Bu modelning d′ i bilan necha σ?"},
	Work: pageText{En: "ln 10 / d′ = {0} / {1} = {2} σ",
		Tr: "ln 10 / d′ = {0} / {1} = {2} σ",
		Uz: "ln 10 / d′ = {0} / {1} = {2} σ"},
	Answer: func(whyRows, int) (float64, []float64, error) {
		x := math.Ln10 / paymentswitch.DPrime
		return x, []float64{math.Ln10, paymentswitch.DPrime, x}, nil
	},
}

var stepGroupBSlots = guideStep{
	Minute: 8, Unit: "slots",
	Do: pageText{En: "Run to minute 8: group B's issuers (25 % of the traffic) now answer in about 12 s, and the switch waits for them up to the issuer timeout T.",
		Tr: "8. dakikaya kadar çalıştırın: B grubu kartı çıkaran kurumlar (trafiğin %25'i) artık yaklaşık 12 sn'de yanıt veriyor ve anahtar onları kartı çıkaran kurum zaman aşımı T'ye kadar bekliyor.",
		Uz: "8-daqiqagacha ishga tushiring: B guruhi emitentlari (trafikning 25 % i) endi taxminan 12 s da javob beradi va kommutator ularni emitent taym-auti T gacha kutadi."},
	Ask: pageText{En: "Little's law for group B alone: λ_B = 25 % of the attempts admitted per second, each holding a slot E[min(latency, T)] = m(1 − e^(−T/m)), m = the group's mean latency. How many slots would group B need?",
		Tr: "Yalnızca B grubu için Little yasası: λ_B = saniyede kabul edilen denemelerin %25'i; her biri bir yuvayı E[min(gecikme, T)] = m(1 − e^(−T/m)) süre tutar, m = grubun ortalama gecikmesi. B grubunun kaç yuvaya ihtiyacı olurdu?",
		Uz: "Faqat B guruhi uchun Little qonuni: λ_B = soniyasiga qabul qilingan urinishlarning 25 % i, har biri slotni E[min(kechikish, T)] = m(1 − e^(−T/m)) vaqt band qiladi, m = guruhning o‘rtacha kechikishi. B guruhiga nechta slot kerak bo‘lardi?"},
	Work: pageText{En: "λ_B = {0}/s; m = {1} s, T = {2} s: E[min] = {3} s; λ_B × E[min] = {4} slots needed, with {5} in service for all issuers: what group B cannot get, it takes from the healthy ones",
		Tr: "λ_B = {0}/sn; m = {1} sn, T = {2} sn: E[min] = {3} sn; λ_B × E[min] = {4} yuva gerekir, tüm kurumlar için hizmette {5} yuva var: B grubunun alamadığını sağlıklı kurumlardan alır",
		Uz: "λ_B = {0}/s; m = {1} s, T = {2} s: E[min] = {3} s; λ_B × E[min] = {4} slot kerak, barcha emitentlar uchun xizmatda {5} slot bor: B guruhi ololmaganini sog‘lom emitentlardan oladi"},
	Answer: func(r whyRows, i int) (float64, []float64, error) {
		lamB := paymentswitch.GroupBShare * switchAdmitted(r, i)
		m := r.col(i, "groupb_ms") / 1000
		tt, err := issuerTimeout(r, i)
		hold := m * (1 - math.Exp(-tt/m))
		return lamB * hold, []float64{lamB, m, tt, hold, lamB * hold, switchSlots(r, i)}, err
	},
}

var stepWorkerUtilisation = guideStep{
	Minute: 3, Unit: "%",
	Do: pageText{En: "Press +1 min three times. The model & formulas panel shows S, the mean time a request holds a worker; each serving instance has 16 workers.",
		Tr: "+1 dk'ya üç kez basın. Model ve formüller paneli S'yi, bir isteğin bir işçiyi ortalama tuttuğu süreyi gösterir; hizmet veren her örnekte 16 işçi vardır.",
		Uz: "+1 daq tugmasini uch marta bosing. Model va formulalar paneli S ni — so‘rov ishchini o‘rtacha band qiladigan vaqtni ko‘rsatadi; xizmat qilayotgan har bir nusxada 16 ishchi bor."},
	Ask: pageText{En: "What is the workers' utilisation λS/N in the last minute (in %)? (λ = requests admitted per second, N = 16 × serving instances)",
		Tr: "Son dakikada işçilerin kullanımı λS/N yüzde kaçtır? (λ = saniyede kabul edilen istekler, N = 16 × hizmet veren örnek)",
		Uz: "Oxirgi daqiqada ishchilar bandligi λS/N necha foiz? (λ = soniyasiga qabul qilingan so‘rovlar, N = 16 × xizmat qilayotgan nusxalar)"},
	Work: pageText{En: "λ = {0}/s × S = {1} s / N = {2} workers = {3} % (the simulation measured {4} %)",
		Tr: "λ = {0}/sn × S = {1} sn / N = {2} işçi = %{3} (simülasyon %{4} ölçtü)",
		Uz: "λ = {0}/s × S = {1} s / N = {2} ishchi = {3} % (simulyatsiya {4} % ni o‘lchadi)"},
	Answer: func(r whyRows, i int) (float64, []float64, error) {
		lam := webAdmitted(r, i)
		s, err := webService(r, i)
		n := webWorkers(r, i)
		u := 100 * lam * s / n
		return u, []float64{lam, s, n, u, 100 * r.col(i, "utilization")}, err
	},
}

var stepBurnRate = guideStep{
	Minute: 20, Unit: "×",
	Do: pageText{En: "Run to 09:20: the bad build has rolled out to the whole fleet.",
		Tr: "09:20'ye kadar çalıştırın: hatalı build tüm filoya dağıtıldı.",
		Uz: "09:20 gacha ishga tushiring: yomon build butun parkka tarqaldi."},
	Ask: pageText{En: "The SLO allows errors on 0.1 % of requests. What burn rate does the last minute's error rate give (×)?",
		Tr: "SLO isteklerin %0,1'inde hataya izin verir. Son dakikanın hata oranı hangi yanma hızını verir (×)?",
		Uz: "SLO so‘rovlarning 0,1 % ida xatoga ruxsat beradi. Oxirgi daqiqaning xato ulushi qanday yonish tezligini beradi (×)?"},
	Work: pageText{En: "{0} % errors / {1} % allowed = {2}× (the bad build alone: 5 % / 0.1 % = 50×)",
		Tr: "%{0} hata / %{1} izin = {2}× (yalnızca hatalı build: %5 / %0,1 = 50×)",
		Uz: "{0} % xato / {1} % ruxsat = {2}× (faqat yomon build: 5 % / 0,1 % = 50×)"},
	Answer: func(r whyRows, i int) (float64, []float64, error) {
		e, budget := r.col(i, "error_rate"), 1-webDefaults.SLO.Target
		return e / budget, []float64{100 * e, 100 * budget, e / budget}, nil
	},
}

var stepFleetForSurge = guideStep{
	Minute: 3, Unit: "instances",
	Do: pageText{En: "Run three minutes, before the surge. The model & formulas panel shows S; new instances take 8 minutes to boot, so the fleet for the surge must exist before it.",
		Tr: "Dalgadan önce üç dakika çalıştırın. Model ve formüller paneli S'yi gösterir; yeni örneklerin açılması 8 dakika sürer, bu yüzden dalga için filo ondan önce var olmalıdır.",
		Uz: "To‘lqindan oldin uch daqiqa ishga tushiring. Model va formulalar paneli S ni ko‘rsatadi; yangi nusxalar 8 daqiqada ishga tushadi, shuning uchun to‘lqin uchun park undan oldin mavjud bo‘lishi kerak."},
	Ask: pageText{En: "If the last minute's traffic doubles, how many instances keep the workers 60 % busy? (N = 2λS / (16 × 0.6), not rounded)",
		Tr: "Son dakikanın trafiği iki katına çıkarsa, işçileri %60 meşgul tutmak için kaç örnek gerekir? (N = 2λS / (16 × 0,6), yuvarlamadan)",
		Uz: "Oxirgi daqiqaning trafigi ikki baravar oshsa, ishchilarni 60 % band tutish uchun nechta nusxa kerak? (N = 2λS / (16 × 0,6), yaxlitlamasdan)"},
	Work: pageText{En: "2 × {0}/s × {1} s / (16 × 0.6) = {2} instances",
		Tr: "2 × {0}/sn × {1} sn / (16 × 0,6) = {2} örnek",
		Uz: "2 × {0}/s × {1} s / (16 × 0,6) = {2} nusxa"},
	Answer: func(r whyRows, i int) (float64, []float64, error) {
		lam := webAdmitted(r, i)
		s, err := webService(r, i)
		n := 2 * lam * s / (float64(webDefaults.Workers.PerInstance) * 0.6)
		return n, []float64{lam, s, n}, err
	},
}

var stepQueryTime = guideStep{
	Minute: 3, Unit: "ms",
	Do: pageText{En: "Run three minutes, before the flush at 12:00. The DB card shows the database's utilisation ρ.",
		Tr: "12:00'deki temizlikten önce üç dakika çalıştırın. Veritabanı kartı veritabanının kullanımı ρ'yu gösterir.",
		Uz: "12:00 dagi tozalashdan oldin uch daqiqa ishga tushiring. MB kartasi ma’lumotlar bazasining bandligi ρ ni ko‘rsatadi."},
	Ask: pageText{En: "A query takes 5 ms/(1 − ρ). How long does one take at the last minute's ρ (ms)? Then run past 12:00 and watch ρ climb.",
		Tr: "Bir sorgu 5 ms/(1 − ρ) sürer. Son dakikanın ρ'sunda bir sorgu ne kadar sürer (ms)? Sonra 12:00'yi geçecek kadar çalıştırıp ρ'nun tırmanışını izleyin.",
		Uz: "So‘rov 5 ms/(1 − ρ) oladi. Oxirgi daqiqaning ρ sida bitta so‘rov qancha oladi (ms)? Keyin 12:00 dan o‘tib, ρ ning ko‘tarilishini kuzating."},
	Work: pageText{En: "5 ms / (1 − {0}) = {1} ms (the simulation measured {2} ms, waits included)",
		Tr: "5 ms / (1 − {0}) = {1} ms (simülasyon beklemeler dahil {2} ms ölçtü)",
		Uz: "5 ms / (1 − {0}) = {1} ms (simulyatsiya kutishlar bilan {2} ms ni o‘lchadi)"},
	Answer: func(r whyRows, i int) (float64, []float64, error) {
		rho := r.col(i, "db_util")
		if !(rho < 1) {
			return math.NaN(), nil, nil
		}
		q := 1000 * webDefaults.DB.BaseTime / (1 - rho)
		return q, []float64{rho, q, r.col(i, "db_query_ms")}, nil
	},
}

// issuerTimeout is the switch's issuer timeout T in minute i (s), read
// from the control's value as the control reads it (input.ParseSeconds).
func issuerTimeout(r whyRows, i int) (float64, error) {
	v := r.ctl(i, "issuer-timeout")
	t, ok := input.ParseSeconds(strings.TrimSpace(v))
	if !ok {
		return 0, fmt.Errorf("minute %d: issuer-timeout %s is not a time", i+1, input.QuoteShort(v))
	}
	return t, nil
}

// guideTexts are the steps' messages, for the catalogue.
var guideTexts = func() []pageText {
	var out []pageText
	for _, g := range guideList {
		for _, s := range g.steps {
			out = append(out, s.Do, s.Ask, s.Work)
		}
	}
	return append(out, guideChrome...)
}()

// guideChrome are the classroom mode's own words on the page.
var guideChrome = []pageText{
	{En: "Classroom mode", Tr: "Sınıf modu", Uz: "Sinf rejimi"},
	{En: "guided steps with check questions; the answers come from this run's own numbers", Tr: "kontrol sorulu adım adım rehber; yanıtlar bu çalıştırmanın kendi sayılarından gelir", Uz: "tekshiruv savollari bilan bosqichma-bosqich yo‘riqnoma; javoblar shu ishga tushirishning o‘z sonlaridan olinadi"},
	{En: "Step {0} of {1}", Tr: "Adım {0} / {1}", Uz: "{0}-qadam / {1}"},
	{En: "slots", Tr: "yuva", Uz: "slot"},
	{En: "check", Tr: "kontrol et", Uz: "tekshirish"},
	{En: "Right: within 5 % of this run's {0} (minute {1}).", Tr: "Doğru: bu çalıştırmanın {0} değerine %5 yakınlıkta ({1}. dakika).", Uz: "To‘g‘ri: shu ishga tushirishning {0} qiymatidan 5 % ichida ({1}-daqiqa)."},
	{En: "Not quite: this run gives {0} (minute {1}).", Tr: "Tam değil: bu çalıştırma {0} veriyor ({1}. dakika).", Uz: "Unchalik emas: shu ishga tushirish {0} beradi ({1}-daqiqa)."},
	{En: "This scenario has no guided steps.", Tr: "Bu senaryonun rehberli adımı yok.", Uz: "Bu stsenariyda yo‘riqnoma qadamlari yo‘q."},
	// the check's errors
	{En: "answer: want a number, got {0}", Tr: "yanıt: bir sayı bekleniyor, verilen {0}", Uz: "javob: son kutilmoqda, berilgan {0}"},
	{En: "run to minute {0} first (the run is at minute {1})", Tr: "önce {0}. dakikaya kadar çalıştırın (çalıştırma {1}. dakikada)", Uz: "avval {0}-daqiqagacha ishga tushiring (ishga tushirish {1}-daqiqada)"},
	{En: "step {0}: this scenario has {1} guided steps", Tr: "adım {0}: bu senaryonun {1} rehberli adımı var", Uz: "{0}-qadam: bu stsenariyda {1} ta yo‘riqnoma qadami bor"},
	{En: "minute {0} has no answer to this question (a number it needs is missing)", Tr: "{0}. dakikanın bu soruya yanıtı yok (gereken bir sayı eksik)", Uz: "{0}-daqiqada bu savolga javob yo‘q (kerakli son yetishmaydi)"},
}
