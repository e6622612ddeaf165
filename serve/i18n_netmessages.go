package serve

import "golang.org/x/text/language"

// networkMessageTexts are the templates of the notes a network session
// writes into its messages list while it runs, after the change that
// caused them was accepted (a change the live network then refuses, the
// memory budget's pause). They are error templates (see translateError):
// the state a page fetches carries its messages in the page's language,
// the reason of a refused change translated by the other templates.
var networkMessageTexts = []pageText{
	{En: "t = {0} s", Tr: "t = {0} sn", Uz: "t = {0} s"},
	{En: "{0} not applied", Tr: "{0} uygulanmadı", Uz: "{0} qo‘llanmadi"},
	{En: "paused at t = {0} s: {1} customers in the network (more than {2}, this session's memory budget) — a queue is growing without bound; restart, or change the network, to run on",
		Tr: "t = {0} sn'de duraklatıldı: ağda {1} müşteri var ({2} sayısından fazla, bu oturumun bellek bütçesi) — bir kuyruk sınırsız büyüyor; devam etmek için yeniden başlatın ya da ağı değiştirin",
		Uz: "t = {0} s da to‘xtatildi: tarmoqda {1} mijoz bor ({2} dan ko‘p, bu sessiyaning xotira byudjeti) — navbat cheksiz o‘smoqda; davom etish uchun qaytadan boshlang yoki tarmoqni o‘zgartiring"},
}

// localMessages writes a session's messages in tag's language as far as
// the templates know them.
func localMessages(tag language.Tag, msgs []string) []string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = translateError(tag, m)
	}
	return out
}

// stateIn is the session's state with its messages and verdict texts in
// tag's language.
func (s *netSession) stateIn(tag language.Tag) netStateJSON {
	st := s.state()
	st.Messages = localMessages(tag, st.Messages)
	localRows(&st, func(m string) string { return translateError(tag, m) })
	return st
}
