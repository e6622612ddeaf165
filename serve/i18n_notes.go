package serve

import "golang.org/x/text/language"

// sessionNoteTexts are the templates of the notes a systems-page session
// writes into its messages list while it runs (see session.stepOnce): an
// action of the plan or the page that the model then refused, the formula
// twin's trouble, the end of the longest run. They are error templates
// (see translateError), so the reason a note carries is translated by the
// other templates and its numbers are written the language's way; the
// state a page fetches carries its messages in the page's language.
var sessionNoteTexts = []pageText{
	{En: "stopped: a session runs at most {0} minutes", Tr: "durdu: bir oturum en çok {0} dakika çalışır", Uz: "to‘xtadi: sessiya ko‘pi bilan {0} daqiqa ishlaydi"},
	{En: "no formula twin", Tr: "formül ikizi yok", Uz: "formula egizagi yo‘q"},
	{En: "internal error in the model", Tr: "modelde iç hata", Uz: "modeldagi ichki xato"},
	{En: "control {0}", Tr: "{0} ayarı", Uz: "{0} sozlamasi"},
	// a scenario event whose label carries a number drawn from the seed
	{En: "viral surge starts (×{0})", Tr: "viral yoğunluk başlar (×{0})", Uz: "tez tarqalish to‘lqini boshlanadi (×{0})"},
	{En: "the database's layout is fixed once the run has started (set it at 0m)", Tr: "veritabanının düzeni çalıştırma başladıktan sonra sabittir (0m'de ayarlayın)", Uz: "ma’lumotlar bazasining tuzilishi ishga tushirish boshlangandan keyin o‘zgarmaydi (uni 0m da o‘rnating)"},
}

// sessionNoteAlso are page messages the notes use as well: "minute 3: …",
// "minute 3: formula twin: …".
var sessionNoteAlso = []string{"minute {0}", "formula twin"}

// stateIn is the session's state with its messages in tag's language,
// and its events' labels where a template knows them (the page translates
// the others, whose labels are catalogue keys).
func (s *session) stateIn(tag language.Tag, since, epoch int) stateJSON {
	st := s.state(since, epoch)
	st.Messages = localMessages(tag, st.Messages)
	for i := range st.Events {
		st.Events[i].Label = translateError(tag, st.Events[i].Label)
	}
	return st
}
