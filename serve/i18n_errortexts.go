package serve

// errorTexts are the templates of the errors the pages show (see
// translateError): a control's, a network change's and the calculator's
// complaints, and the sessions'. {0}, {1}… are the values the error
// names; they are translated again where a template knows them (a range,
// a nested reason) and otherwise kept as written (names, numbers, flags).
//
// errorAlsoKeys are messages of the systems page that errors use as well.
var errorAlsoKeys = []string{"a number from {0} to {1}", "on or off",
	"answer: want a number, got {0}", "run to minute {0} first (the run is at minute {1})", "minute {0} has no answer to this question (a number it needs is missing)",
	"step {0}: this scenario has {1} guided steps"}

var errorTexts = []pageText{
	// the systems page's controls and sessions
	{En: "control {0}: invalid value {1}: want {2}", Tr: "{0} ayarı: geçersiz değer {1}: beklenen {2}", Uz: "{0} sozlamasi: noto‘g‘ri qiymat {1}: kutilgan {2}"},
	{En: "an integer from {0} to {1}", Tr: "{0} ile {1} arasında bir tam sayı", Uz: "{0} dan {1} gacha butun son"},
	{En: "a percentage from {0} % to {1} %", Tr: "%{0} ile %{1} arasında bir yüzde", Uz: "{0} % dan {1} % gacha foiz"},
	{En: "one of {0}", Tr: "şunlardan biri: {0}", Uz: "quyidagilardan biri: {0}"},
	{En: "a duration from {0} to {1} (e.g. \"8s\", \"250ms\", or seconds)", Tr: "{0} ile {1} arasında bir süre (ör. \"8s\", \"250ms\" ya da saniye)", Uz: "{0} dan {1} gacha davomiylik (masalan \"8s\", \"250ms\" yoki soniyalar)"},
	{En: "shorter than the clock's resolution of 1 ns (the simulation counts whole nanoseconds)", Tr: "saatin 1 ns'lik çözünürlüğünden kısa (simülasyon tam nanosaniye sayar)", Uz: "soatning 1 ns aniqligidan qisqa (simulyatsiya butun nanosoniyalarni sanaydi)"},
	{En: "unknown control {0} (valid: {1})", Tr: "bilinmeyen ayar {0} (geçerli: {1})", Uz: "noma’lum sozlama {0} (yaroqli: {1})"},
	{En: "{0} can only be set before the first minute; restart to choose it", Tr: "{0} yalnızca ilk dakikadan önce ayarlanabilir; seçmek için yeniden başlatın", Uz: "{0} faqat birinchi daqiqadan oldin o‘rnatiladi; tanlash uchun qaytadan boshlang"},
	{En: "the session has run its last minute ({0}): a change would never apply; restart to try again", Tr: "oturum son dakikasını ({0}) çalıştı: bir değişiklik hiç uygulanmazdı; yeniden denemek için yeniden başlatın", Uz: "sessiya oxirgi daqiqasini ({0}) o‘tkazdi: o‘zgarish hech qachon qo‘llanmaydi; qayta urinish uchun qaytadan boshlang"},
	{En: "too many changes waiting for the next minute", Tr: "sonraki dakikayı bekleyen çok fazla değişiklik var", Uz: "keyingi daqiqani kutayotgan o‘zgarishlar juda ko‘p"},
	{En: "too many changes waiting for the next step", Tr: "sonraki adımı bekleyen çok fazla değişiklik var", Uz: "keyingi qadamni kutayotgan o‘zgarishlar juda ko‘p"},
	{En: "no {0} {1}: it ended or expired; reload the page to start a new one", Tr: "{0} {1} yok: bitti ya da süresi doldu; yenisini başlatmak için sayfayı yeniden yükleyin", Uz: "{0} {1} yo‘q: tugadi yoki muddati o‘tdi; yangisini boshlash uchun sahifani qayta yuklang"},
	{En: "too many {0}s running ({1}); close another tab or try again in a few minutes", Tr: "çalışan çok fazla {0} var ({1}); başka bir sekmeyi kapatın ya da birkaç dakika sonra yeniden deneyin", Uz: "ishlayotgan {0} juda ko‘p ({1}); boshqa varaqni yoping yoki bir necha daqiqadan keyin qayta urinib ko‘ring"},
	{En: "the server is shutting down", Tr: "sunucu kapanıyor", Uz: "server o‘chmoqda"},
	{En: "simulation stopped", Tr: "simülasyon durdu", Uz: "simulyatsiya to‘xtadi"},
	{En: "this server cannot simulate networks", Tr: "bu sunucu ağ simüle edemez", Uz: "bu server tarmoqlarni simulyatsiya qila olmaydi"},
	// the network page's changes
	{En: "servers of station {0}: must be a whole number from 1 to {1} (a delay station stays one), got {2}", Tr: "{0} istasyonunun sunucuları: 1 ile {1} arasında bir tam sayı olmalı (bir gecikme istasyonu tek kalır), verilen {2}", Uz: "{0} stansiyasining serverlari: 1 dan {1} gacha butun son bo‘lishi kerak (kechikish stansiyasi bitta qoladi), berilgan {2}"},
	{En: "servers of station {0}: must be at most its capacity {1}, got {2}", Tr: "{0} istasyonunun sunucuları: en çok kapasitesi olan {1} olmalı, verilen {2}", Uz: "{0} stansiyasining serverlari: ko‘pi bilan uning sig‘imi {1} bo‘lishi kerak, berilgan {2}"},
	{En: "population of {0}", Tr: "{0} nüfusu", Uz: "{0} populyatsiyasi"},
	{En: "service of {0}", Tr: "{0} hizmeti", Uz: "{0} xizmati"},
	{En: "discipline of {0}", Tr: "{0} disiplini", Uz: "{0} intizomi"},
	{En: "routing {0}", Tr: "{0} yönlendirmesi", Uz: "{0} yo‘naltirishi"},
	{En: "must be a whole number from 1 to {0}, got {1}", Tr: "1 ile {0} arasında bir tam sayı olmalı, verilen {1}", Uz: "1 dan {0} gacha butun son bo‘lishi kerak, berilgan {1}"},
	{En: "{0} is not a whole number", Tr: "{0} bir tam sayı değil", Uz: "{0} butun son emas"},
	{En: "arrival rate of class {0}: must be > 0 and ≤ 1e9 per second, got {1}", Tr: "{0} sınıfının varış hızı: saniyede > 0 ve ≤ 1e9 olmalı, verilen {1}", Uz: "{0} sinfining kelish tezligi: soniyasiga > 0 va ≤ 1e9 bo‘lishi kerak, berilgan {1}"},
	{En: "arrival rate: {0} is not an open class (valid: {1})", Tr: "varış hızı: {0} açık bir sınıf değil (geçerli: {1})", Uz: "kelish tezligi: {0} ochiq sinf emas (yaroqli: {1})"},
	{En: "unknown station {0} (valid: {1})", Tr: "bilinmeyen istasyon {0} (geçerli: {1})", Uz: "noma’lum stansiya {0} (yaroqli: {1})"},
	{En: "unknown distribution {0} (valid: {1})", Tr: "bilinmeyen dağılım {0} (geçerli: {1})", Uz: "noma’lum taqsimot {0} (yaroqli: {1})"},
	{En: "unknown discipline {0} (valid: {1})", Tr: "bilinmeyen disiplin {0} (geçerli: {1})", Uz: "noma’lum intizom {0} (yaroqli: {1})"},
	{En: "unknown kind {0} (valid: {1})", Tr: "bilinmeyen değişiklik türü {0} (geçerli: {1})", Uz: "noma’lum o‘zgarish turi {0} (yaroqli: {1})"},
	{En: "probabilities sum to {0} for class {1}; a row must sum to at most 1 (the rest leaves the network)", Tr: "{1} sınıfı için olasılıkların toplamı {0}; bir satırın toplamı en çok 1 olmalı (kalanı ağdan çıkar)", Uz: "{1} sinfi uchun ehtimollar yig‘indisi {0}; qator yig‘indisi ko‘pi bilan 1 bo‘lishi kerak (qolgani tarmoqdan chiqadi)"},
	{En: "closed class {0} can leave the network here (its routing row sums to {1}); a closed class's rows must sum to 1", Tr: "kapalı sınıf {0} burada ağdan çıkabiliyor (yönlendirme satırının toplamı {1}); kapalı bir sınıfın satırlarının toplamı 1 olmalı", Uz: "yopiq sinf {0} bu yerda tarmoqdan chiqa oladi (yo‘naltirish qatori yig‘indisi {1}); yopiq sinf qatorlarining yig‘indisi 1 bo‘lishi kerak"},
	{En: "mean: must be a number > 0 and ≤ {0} s, got {1}", Tr: "ortalama: > 0 ve ≤ {0} sn bir sayı olmalı, verilen {1}", Uz: "o‘rtacha: > 0 va ≤ {0} s son bo‘lishi kerak, berilgan {1}"},
	// the network page's what-if
	{En: "what-if", Tr: "ya şöyle olsaydı", Uz: "agar shunday bo‘lsa"},
	{En: "mean of station {0}", Tr: "{0} istasyonunun ortalaması", Uz: "{0} stansiyasining o‘rtachasi"},
	{En: "a number of seconds > 0 and ≤ 1e9", Tr: "> 0 ve ≤ 1e9 saniye bir sayı", Uz: "> 0 va ≤ 1e9 soniya son"},
	{En: "unknown parameter {0} (want mean.STATION=SECONDS)", Tr: "bilinmeyen parametre {0} (beklenen mean.İSTASYON=SANİYE)", Uz: "noma’lum parametr {0} (kutilgan mean.STANSIYA=SONIYA)"},
	// the calculator
	{En: "must be {0}, got {1}", Tr: "{0} olmalı, verilen {1}", Uz: "{0} bo‘lishi kerak, berilgan {1}"},
	{En: "required, must be {0}", Tr: "gerekli, {0} olmalı", Uz: "majburiy, {0} bo‘lishi kerak"},
	{En: "an integer in {0}", Tr: "{0} aralığında bir tam sayı", Uz: "{0} oralig‘idagi butun son"},
	{En: "a number in {0}", Tr: "{0} aralığında bir sayı", Uz: "{0} oralig‘idagi son"},
	{En: "a duration in {0}", Tr: "{0} aralığında bir süre", Uz: "{0} oralig‘idagi davomiylik"},
	{En: "an integer ≥ {0}", Tr: "≥ {0} bir tam sayı", Uz: "≥ {0} butun son"},
	{En: "a number ≥ {0}", Tr: "≥ {0} bir sayı", Uz: "≥ {0} son"},
	{En: "a number > {0}", Tr: "> {0} bir sayı", Uz: "> {0} son"},
	{En: "a duration ≥ {0} (e.g. 80ms, 2s, or bare seconds)", Tr: "≥ {0} bir süre (ör. 80ms, 2s ya da yalın saniye)", Uz: "≥ {0} davomiylik (masalan 80ms, 2s yoki oddiy soniyalar)"},
	{En: "a duration in {0} (e.g. 80ms, 2s, or bare seconds)", Tr: "{0} aralığında bir süre (ör. 80ms, 2s ya da yalın saniye)", Uz: "{0} oralig‘idagi davomiylik (masalan 80ms, 2s yoki oddiy soniyalar)"},
	{En: "unknown parameter {0}", Tr: "bilinmeyen parametre {0}", Uz: "noma’lum parametr {0}"},
	{En: "a text parameter has no number", Tr: "bir metin parametresinin sayısı olmaz", Uz: "matnli parametrda son bo‘lmaydi"},
	{En: "must be an integer of magnitude at most 2⁵³ = {0}, got {1}", Tr: "büyüklüğü en çok 2⁵³ = {0} olan bir tam sayı olmalı, verilen {1}", Uz: "kattaligi ko‘pi bilan 2⁵³ = {0} bo‘lgan butun son bo‘lishi kerak, berilgan {1}"},
	{En: "the inputs {0} are too extreme: result {1} is not a finite number; use smaller values", Tr: "{0} girdileri çok aşırı: sonuç {1} sonlu bir sayı değil; daha küçük değerler kullanın", Uz: "{0} kirishlari juda keskin: natija {1} chekli son emas; kichikroq qiymatlardan foydalaning"},
	{En: "unstable queue: offered load a = λ·S = {0} erlangs is not below --servers {1}, so the wait grows without bound (lower --arrival-rate or --service-mean, or add servers; mmc-patience and erlang-a model overload)",
		Tr: "kararsız kuyruk: sunulan yük a = λ·S = {0} erlang, --servers {1} değerinin altında değil, bu yüzden bekleme sınırsız büyür (--arrival-rate ya da --service-mean değerini düşürün ya da sunucu ekleyin; aşırı yükü mmc-patience ve erlang-a modeller)",
		Uz: "beqaror navbat: taklif qilingan yuk a = λ·S = {0} erlang --servers {1} dan past emas, shuning uchun kutish cheksiz o‘sadi (--arrival-rate yoki --service-mean ni kamaytiring yoki server qo‘shing; ortiqcha yukni mmc-patience va erlang-a modellaydi)"},
	{En: "must be below --servers {0} for a stable queue, got {1} (at A ≥ N every arrival waits and the queue grows without bound)", Tr: "kararlı bir kuyruk için --servers {0} değerinin altında olmalı, verilen {1} (A ≥ N'de her varış bekler ve kuyruk sınırsız büyür)", Uz: "barqaror navbat uchun --servers {0} dan past bo‘lishi kerak, berilgan {1} (A ≥ N da har bir kelish kutadi va navbat cheksiz o‘sadi)"},
	{En: "must be an integer ≥ --servers {0}, got {1}", Tr: "≥ --servers {0} bir tam sayı olmalı, verilen {1}", Uz: "≥ --servers {0} butun son bo‘lishi kerak, berilgan {1}"},
	{En: "give exactly two of --arrival-rate, --time, --number", Tr: "--arrival-rate, --time, --number değerlerinden tam olarak ikisini verin", Uz: "--arrival-rate, --time, --number dan aynan ikkitasini bering"},
	{En: "must be > 0 to compute the time, got 0", Tr: "süreyi hesaplamak için > 0 olmalı, verilen 0", Uz: "vaqtni hisoblash uchun > 0 bo‘lishi kerak, berilgan 0"},
	{En: "must be > 0 to compute the rate, got 0", Tr: "hızı hesaplamak için > 0 olmalı, verilen 0", Uz: "tezlikni hisoblash uchun > 0 bo‘lishi kerak, berilgan 0"},
	{En: "unknown formula {0} (GET /api/calculator lists them)", Tr: "bilinmeyen formül {0} (GET /api/calculator hepsini listeler)", Uz: "noma’lum formula {0} (GET /api/calculator ularni sanab beradi)"},
}
