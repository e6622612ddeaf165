package serve

// netVerdictTexts are the templates of the network table's verdict texts
// (netRow): the server writes them in English, and the state a page
// fetches carries them in its language, numbers the language's way (see
// translateError). The method names are entered as messages too, so that
// "agrees with exact MVA" becomes "kesin MVA ile uyuşuyor"; a method that
// is a proper name or notation only (Erlang C, M/M/c/K, QNA (Whitt 1983))
// reads the same in every language.
var netVerdictTexts = []pageText{
	{En: "approximate: formula off by {0} %", Tr: "yaklaşık: formül %{0} sapıyor", Uz: "taxminiy: formula {0} % farq qiladi"},
	{En: "DISAGREES with {0} by {1} %", Tr: "{0} ile %{1} UYUŞMUYOR", Uz: "{0} bilan {1} % MOS KELMAYDI"},
	{En: "collecting: ±{0} %, needs ≤ {1} %", Tr: "toplanıyor: ±%{0}, gereken ≤ %{1}", Uz: "yig‘ilmoqda: ±{0} %, kerak ≤ {1} %"},
	{En: "collecting: ±{0}, needs ≤ {1}", Tr: "toplanıyor: ±{0}, gereken ≤ {1}", Uz: "yig‘ilmoqda: ±{0}, kerak ≤ {1}"},
	{En: "collecting: {0} of {1} s measured", Tr: "toplanıyor: {1} sn'nin {0} sn'si ölçüldü", Uz: "yig‘ilmoqda: {1} s dan {0} s o‘lchandi"},
	{En: "collecting: {0} of {1} batches", Tr: "toplanıyor: {1} gruptan {0} tanesi", Uz: "yig‘ilmoqda: {1} ta guruhdan {0} tasi"},
	{En: "collecting: every batch alike so far", Tr: "toplanıyor: şimdiye kadar her grup aynı", Uz: "yig‘ilmoqda: hozircha har bir guruh bir xil"},
	{En: "collecting: no interval yet", Tr: "toplanıyor: henüz aralık yok", Uz: "yig‘ilmoqda: hali oraliq yo‘q"},
	{En: "no finite limit: the mean is infinite", Tr: "sonlu bir limit yok: ortalama sonsuz", Uz: "chekli limit yo‘q: o‘rtacha cheksiz"},
}

// methodTexts are the analytic methods' names that have words in them
// (analytic's Method… constants; TestMethodNamesTranslated reads them off
// the analytic package and fails for one missing here).
var methodTexts = []pageText{
	{En: "traffic equations", Tr: "trafik denklemleri", Uz: "trafik tenglamalari"},
	{En: "Jackson product form", Tr: "Jackson çarpım biçimi", Uz: "Jackson ko‘paytma shakli"},
	{En: "BCMP product form", Tr: "BCMP çarpım biçimi", Uz: "BCMP ko‘paytma shakli"},
	{En: "exact MVA", Tr: "kesin MVA", Uz: "aniq MVA"},
	{En: "mixed MVA", Tr: "karma MVA", Uz: "aralash MVA"},
	{En: "mixed MVA (Linearizer)", Tr: "karma MVA (Linearizer)", Uz: "aralash MVA (Linearizer)"},
	{En: "asymptotic bound", Tr: "asimptotik sınır", Uz: "asimptotik chegara"},
	{En: "balanced job bound", Tr: "dengeli iş sınırı", Uz: "muvozanatli ish chegarasi"},
	{En: "Cobham priority", Tr: "Cobham önceliği", Uz: "Cobham ustuvorligi"},
	{En: "M/G/1-PS insensitivity", Tr: "M/G/1-PS duyarsızlığı", Uz: "M/G/1-PS sezgirmasligi"},
	{En: "exact CTMC", Tr: "kesin CTMC", Uz: "aniq CTMC"},
	{En: "birth-death", Tr: "doğum–ölüm", Uz: "tug‘ilish–o‘lim"},
	{En: "Nelson-Tantawi (exact, 2 branches)", Tr: "Nelson-Tantawi (kesin, 2 kol)", Uz: "Nelson-Tantawi (aniq, 2 tarmoq)"},
	{En: "Nelson-Tantawi approximation", Tr: "Nelson-Tantawi yaklaşımı", Uz: "Nelson-Tantawi yaqinlashuvi"},
	{En: "M/M/1 (one branch)", Tr: "M/M/1 (tek kol)", Uz: "M/M/1 (bitta tarmoq)"},
	{En: "M^X/G/1 (batch Pollaczek-Khinchine)", Tr: "M^X/G/1 (toplu Pollaczek-Khinchine)", Uz: "M^X/G/1 (guruhli Pollaczek-Khinchine)"},
	{En: "M_t/G/∞ (infinite server)", Tr: "M_t/G/∞ (sonsuz sunucu)", Uz: "M_t/G/∞ (cheksiz server)"},
	{En: "M/M/c FCFS distribution", Tr: "M/M/c FCFS dağılımı", Uz: "M/M/c FCFS taqsimoti"},
}

// netVerdictAlso are page messages the verdict texts use as well.
var netVerdictAlso = []string{"agrees with {0}"}

// localRows writes the rows' verdict texts in tag's language.
func localRows(st *netStateJSON, loc func(string) string) {
	for i := range st.Rows {
		st.Rows[i].Text = loc(st.Rows[i].Text)
	}
}
