package serve

import (
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// playbookTexts are the comments of the reference playbooks (package
// playbooks), the why of each: the page shows a playbook with its leading
// comment in the page's language (localPlaybook); the actions below it,
// and the file queuelab run reads, stay as written. The key is the
// comment's lines joined by spaces, without their "# ".
var playbookTexts = []pageText{
	{En: "Reference playbook for the switch's fraud-wave scenario. Fraud became ten times more common: lower the decline threshold a little (3σ → 2.9σ) and challenge the doubtful band below it, [1.3σ, 2.9σ), with step-up verification instead of declining it: 85 % of good customers pass, only 5 % of fraudsters do.",
		Tr: "Anahtarın fraud-wave senaryosu için referans oyun kitabı. Dolandırıcılık on kat sıklaştı: ret eşiğini biraz düşürün (3σ → 2,9σ) ve hemen altındaki şüpheli bandı, [1,3σ; 2,9σ), reddetmek yerine step-up doğrulamasına gönderin: iyi müşterilerin %85'i geçer, dolandırıcıların yalnızca %5'i.",
		Uz: "Kommutatorning fraud-wave stsenariysi uchun namunaviy playbook. Firibgarlik o‘n baravar ko‘paydi: rad etish chegarasini biroz pasaytiring (3σ → 2,9σ) va uning ostidagi shubhali oraliqni, [1,3σ; 2,9σ), rad etish o‘rniga step-up tekshiruviga yuboring: yaxshi mijozlarning 85 % i o‘tadi, firibgarlarning esa atigi 5 % i."},
	{En: "Reference playbook for the switch's issuer-outage scenario. Group B's issuers now answer in 12 s on average. Stop them holding slots: wait at most 0.8 s for an issuer (group A answers within that 96 % of the time), stand in for amounts up to 60 u (about two thirds of group B's customers; the risk is the stand-in volume below the limit), shed the excess rather than let it time out in the queue, and add servers for the longer holding times of the retries.",
		Tr: "Anahtarın issuer-outage senaryosu için referans oyun kitabı. B grubu kartı çıkaran kurumlar artık ortalama 12 sn'de yanıt veriyor. Yuvaları tutmalarını engelleyin: bir kurumu en çok 0,8 sn bekleyin (A grubu zamanın %96'sında bu süre içinde yanıt verir), 60 u'ya kadar tutarlar için stand-in onayı verin (B grubu müşterilerinin yaklaşık üçte ikisi; risk, limitin altındaki stand-in hacmidir), fazlanın kuyrukta zaman aşımına uğramasına izin vermek yerine yük atın ve yeniden denemelerin daha uzun tutma süreleri için sunucu ekleyin.",
		Uz: "Kommutatorning issuer-outage stsenariysi uchun namunaviy playbook. B guruhi emitentlari endi o‘rtacha 12 s da javob beradi. Ularning slotlarni band qilishini to‘xtating: emitentni ko‘pi bilan 0,8 s kuting (A guruhi vaqtning 96 % ida shu muddat ichida javob beradi), 60 u gacha bo‘lgan summalar uchun stand-in tasdiqlang (B guruhi mijozlarining taxminan uchdan ikki qismi; xavf — limitdan past stand-in hajmi), ortiqchasini navbatda taymautga qoldirish o‘rniga yukni tashlang va qayta urinishlarning uzoqroq band qilish vaqtlari uchun server qo‘shing."},
	{En: "Reference playbook for the switch's sale-surge scenario. At minute 5 the sale opens: order servers at once (they boot for 5 minutes), shed the excess until they arrive instead of letting it queue and time out, and make merchants back off so that failures do not come straight back. The sale ends at minute 50 and traffic is back to normal by minute 52: give the extra servers back.",
		Tr: "Anahtarın sale-surge senaryosu için referans oyun kitabı. 5. dakikada indirim açılır: sunucuları hemen sipariş edin (5 dakikada açılırlar), gelene kadar fazlayı kuyrukta bekletip zaman aşımına uğratmak yerine yük atın ve hataların hemen geri gelmemesi için üye işyerlerini geri çekilmeye geçirin. İndirim 50. dakikada biter ve trafik 52. dakikada normale döner: fazla sunucuları geri verin.",
		Uz: "Kommutatorning sale-surge stsenariysi uchun namunaviy playbook. 5-daqiqada chegirma ochiladi: serverlarni darhol buyurtma qiling (ular 5 daqiqada ishga tushadi), ular kelguncha ortiqchasini navbatda kutib taymautga tushishiga qo‘ymasdan yukni tashlang va xatolar darhol qaytib kelmasligi uchun savdo nuqtalarini backoff ga o‘tkazing. Chegirma 50-daqiqada tugaydi va trafik 52-daqiqada odatiy holiga qaytadi: qo‘shimcha serverlarni qaytaring."},
	{En: "bad-build: the burn-rate alert fires a few minutes after the 09:10 deploy. The errors come from the code, so more instances, shedding or turning features off would not help: roll back at once (09:13) and leave the rollback alone while it prepares (pressing again restarts its 5 minutes).",
		Tr: "bad-build: yanma hızı alarmı 09:10 dağıtımından birkaç dakika sonra çalar. Hatalar koddan geliyor; bu yüzden daha fazla örnek, yük atma ya da özellikleri kapatmak işe yaramaz: hemen geri alın (09:13) ve geri alma hazırlanırken ona dokunmayın (yeniden basmak 5 dakikasını baştan başlatır).",
		Uz: "bad-build: yonish tezligi signali 09:10 deployidan bir necha daqiqa keyin ishlaydi. Xatolar koddan kelmoqda, shuning uchun ko‘proq nusxa, yukni tashlash yoki funksiyalarni o‘chirish yordam bermaydi: darhol rollback qiling (09:13) va rollback tayyorlanayotganda unga tegmang (qayta bosish uning 5 daqiqasini boshidan boshlaydi)."},
	{En: "cache-flush: the cache is flushed at 12:00 (minute 10), the midday peak. One minute later: take load off the database first (the heavy feature costs one query per request), then start the warm-up job, whose 600 extra queries/s now fit; turn the feature back on once the cache is mostly warm again.",
		Tr: "cache-flush: önbellek 12:00'de (10. dakika), öğle tepe noktasında temizlenir. Bir dakika sonra: önce veritabanının yükünü alın (ağır özellik istek başına bir sorguya mal olur), sonra 600 ek sorgu/sn'si artık sığan ısıtma işini başlatın; önbellek yeniden büyük ölçüde ısınınca özelliği tekrar açın.",
		Uz: "cache-flush: kesh 12:00 da (10-daqiqa), tush cho‘qqisida tozalanadi. Bir daqiqadan keyin: avval ma’lumotlar bazasidan yukni oling (og‘ir funksiya har bir so‘rovga bitta MB so‘roviga tushadi), so‘ng warm-up ishini boshlang, uning soniyasiga 600 qo‘shimcha so‘rovi endi sig‘adi; kesh yana asosan qizigach funksiyani qayta yoqing."},
	{En: "viral-link: traffic will rise ×2–2.6 some time between 08:35 and 08:50, hold for 15 minutes and fade over 10; boots take 8 minutes. Nobody knows when, so the capacity has to be there before: a floor of 16 instances (256 workers carry ×2.6 at about 86 %), ordered at once, and given back at 09:22, when the surge has passed on every seed.",
		Tr: "viral-link: trafik 08:35 ile 08:50 arasında bir ara ×2–2,6 artacak, 15 dakika sürecek ve 10 dakikada sönecek; açılışlar 8 dakika sürer. Ne zaman olacağını kimse bilmiyor; bu yüzden kapasite önceden orada olmalı: hemen sipariş edilen 16 örneklik bir taban (256 işçi ×2,6'yı yaklaşık %86 kullanımla taşır), 09:22'de, yoğunluk her tohumda geçmişken, geri verilir.",
		Uz: "viral-link: trafik 08:35 bilan 08:50 oralig‘ida qachondir ×2–2,6 ga oshadi, 15 daqiqa turadi va 10 daqiqada so‘nadi; ishga tushish 8 daqiqa oladi. Qachonligini hech kim bilmaydi, shuning uchun quvvat oldindan bo‘lishi kerak: darhol buyurtma qilingan 16 nusxalik quyi chegara (256 ishchi ×2,6 ni taxminan 86 % bandlik bilan ko‘taradi), 09:22 da, to‘lqin har bir seedda o‘tib bo‘lganda, qaytariladi."},
}

// playbookWidth is the width the translated comment is wrapped to.
const playbookWidth = 78

// localPlaybook writes the leading comment of a playbook's source in
// tag's language when the catalogue has it, wrapped to playbookWidth;
// the rest of the source is kept as written.
func localPlaybook(tag language.Tag, src string) string {
	lines := strings.SplitAfter(src, "\n")
	n := 0
	var words []string
	for n < len(lines) && strings.HasPrefix(lines[n], "#") {
		words = append(words, strings.Fields(strings.TrimPrefix(lines[n], "#"))...)
		n++
	}
	key := strings.Join(words, " ")
	if tag == language.English || !playbookKeys[key] {
		return src
	}
	cat, _ := pageCatalogue()
	text := message.NewPrinter(tag, message.Catalog(cat)).Sprintf(key)
	var b strings.Builder
	line := "#"
	for _, w := range strings.Fields(text) {
		if len(line) > 1 && len([]rune(line))+1+len([]rune(w)) > playbookWidth {
			b.WriteString(line + "\n")
			line = "#"
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
	return b.String() + strings.Join(lines[n:], "")
}

// playbookKeys are playbookTexts' keys.
var playbookKeys = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range playbookTexts {
		m[t.key()] = true
	}
	return m
}()
