package serve

// featurePageTexts are the network page's messages about the station
// features (buffer and blocking, routers, balking, load-dependent rates,
// server schedules: netgraph.js and network.js).
var featurePageTexts = []pageText{
	{En: "{0} blocked", Tr: "{0} bloke", Uz: "{0} ta bloklangan"},
	{En: "balking", Tr: "vazgeçme", Uz: "voz kechish"},
	{En: "load-dependent", Tr: "yüke bağlı", Uz: "yukka bog‘liq"},
	{En: "shifts", Tr: "vardiyalar", Uz: "smenalar"},
	{En: "P(balk)", Tr: "P(katılmama)", Uz: "P(qo‘shilmaslik)"},
	{En: "fork", Tr: "çatal", Uz: "ayrilish"},
	{En: "join", Tr: "birleşme", Uz: "birlashish"},
	{En: "{0}: {1} = {2}/s", Tr: "{0}: {1} = {2}/sn", Uz: "{0}: {1} = {2}/s"},
	{En: "router · {0}", Tr: "yönlendirici · {0}", Uz: "marshrutizator · {0}"},
	{En: "policy", Tr: "politika", Uz: "siyosat"},
	{En: "how the router chooses: at random, in turn, the shortest queue, or the shorter of d drawn at random",
		Tr: "yönlendiricinin seçimi: rastgele, sırayla, en kısa kuyruk ya da rastgele çekilen d tanenin kısası",
		Uz: "marshrutizator qanday tanlaydi: tasodifiy, navbat bilan, eng qisqa navbat yoki tasodifiy olingan d tadan qisqarog‘i"},
	{En: "buffer", Tr: "tampon", Uz: "bufer"},
	{En: "most customers here; upstream servers hold theirs while it is full",
		Tr: "buradaki en çok müşteri; doluyken yukarıdaki sunucular kendi müşterilerini tutar",
		Uz: "bu yerdagi eng ko‘p mijoz; to‘la bo‘lganda yuqoridagi serverlar o‘z mijozlarini ushlab turadi"},
	{En: "join probabilities", Tr: "katılma olasılıkları", Uz: "qo‘shilish ehtimollari"},
	{En: "an arrival finding n present joins with the n-th (from 0; the last holds beyond)",
		Tr: "n kişi bulan bir varış n'incisiyle katılır (0'dan; sonuncusu ötesinde geçerlidir)",
		Uz: "n kishini topgan kelish n-chisi bilan qo‘shiladi (0 dan; oxirgisi undan keyin ham amal qiladi)"},
	{En: "rate multipliers", Tr: "hız çarpanları", Uz: "tezlik ko‘paytuvchilari"},
	{En: "service rate with 1, 2, … present, times the base rate (the last holds beyond)",
		Tr: "1, 2, … kişi varken hizmet hızı, temel hızın katı olarak (sonuncusu ötesinde geçerlidir)",
		Uz: "1, 2, … kishi bo‘lganda xizmat tezligi, asosiy tezlikka ko‘paytma sifatida (oxirgisi undan keyin ham amal qiladi)"},
}
