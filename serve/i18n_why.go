package serve

// whyTexts are the messages of the "show why" panel (whyview.js, why.go).
var whyTexts = []pageText{
	{En: "Show why", Tr: "Nedenini göster", Uz: "Sababini ko‘rsat"},
	{En: "Offered traffic against capacity", Tr: "Kapasiteye karşı sunulan trafik", Uz: "Sig‘imga nisbatan taklif qilingan trafik"},
	{En: "Requests by priority class against capacity", Tr: "Kapasiteye karşı öncelik sınıfına göre istekler", Uz: "Sig‘imga nisbatan ustuvorlik sinfi bo‘yicha so‘rovlar"},
	{En: "new transactions", Tr: "yeni işlemler", Uz: "yangi tranzaksiyalar"},
	{En: "high priority", Tr: "yüksek öncelik", Uz: "yuqori ustuvorlik"},
	{En: "low priority admitted", Tr: "kabul edilen düşük öncelik", Uz: "qabul qilingan past ustuvorlik"},
	{En: "low priority shed", Tr: "atılan düşük öncelik", Uz: "tashlangan past ustuvorlik"},
	{En: "capacity N/S", Tr: "kapasite N/S", Uz: "sig‘im N/S"},
	{En: "new and retried attempts per second, stacked; the line is the capacity N/S: slots in service over the mean holding time S (calculator holding-time at that minute's issuer timeout and group B latency)",
		Tr: "saniyede yeni ve yeniden denenen denemeler, üst üste; çizgi kapasite N/S'dir: hizmetteki bağlantı yuvaları bölü ortalama tutma süresi S (o dakikanın kartı çıkaran kurum zaman aşımı ve B grubu gecikmesiyle hesap makinesinin holding-time formülü)",
		Uz: "soniyasiga yangi va qayta urinishlar, ustma-ust; chiziq — sig‘im N/S: xizmatdagi slotlar o‘rtacha band qilish vaqti S ga bo‘lingan (o‘sha daqiqaning emitent taym-auti va B guruhi kechikishi bilan kalkulyatorning holding-time formulasi)"},
	{En: "high priority (70 % of requests), low priority admitted and low priority shed, stacked; the line is the capacity N/S: workers serving over the mean service time S (calculator service-time at that minute's cache hits, query time and recommendations)",
		Tr: "yüksek öncelik (isteklerin %70'i), kabul edilen düşük öncelik ve atılan düşük öncelik, üst üste; çizgi kapasite N/S'dir: hizmet veren işçiler bölü ortalama hizmet süresi S (o dakikanın önbellek isabetleri, sorgu süresi ve önerileriyle hesap makinesinin service-time formülü)",
		Uz: "yuqori ustuvorlik (so‘rovlarning 70 % i), qabul qilingan past ustuvorlik va tashlangan past ustuvorlik, ustma-ust; chiziq — sig‘im N/S: xizmat qilayotgan ishchilar o‘rtacha xizmat vaqti S ga bo‘lingan (o‘sha daqiqaning kesh urishlari, so‘rov vaqti va tavsiyalari bilan kalkulyatorning service-time formulasi)"},
	{En: "minute {0}: {1} {2} offered, above the capacity {3} {2}: the excess waits, times out or is retried",
		Tr: "{0}. dakika: {1} {2} sunuldu, kapasite olan {3} {2} üzerinde: fazlası bekler, zaman aşımına uğrar ya da yeniden denenir",
		Uz: "{0}-daqiqa: {1} {2} taklif qilindi, {3} {2} sig‘imdan yuqori: ortiqchasi kutadi, taym-autga tushadi yoki qayta urinadi"},
	{En: "minute {0}: {1} {2} offered, under the capacity {3} {2} ({4} of it)",
		Tr: "{0}. dakika: {1} {2} sunuldu, kapasite olan {3} {2} altında (onun {4}'i)",
		Uz: "{0}-daqiqa: {1} {2} taklif qilindi, {3} {2} sig‘imdan past (uning {4} i)"},
}
