package serve

import "net/http"

// The classroom panel of each page: what a student will learn there, the
// basis of its numbers (every formula the page uses with its numbered
// sources, the assumptions marked as such, the constants and the random
// generator) and the disclaimer. Each text is a catalogue message in the
// three languages; so is each formula, in mathematical notation with its
// words and numbers in the language (notation alone reads the same).

// basisItem is one relation the page's numbers rest on.
type basisItem struct {
	Text    pageText
	Formula pageText // in mathematical notation; its words and numbers translated
	Refs    []int    // numbers in sources, 1-based
	// Assumption marks a relation that is a modelling choice or an
	// approximation rather than a theorem; Note says how.
	Assumption bool
	Note       pageText
}

// notation is a formula that is notation only, read the same in every
// language.
func notation(s string) pageText { return pageText{En: s, Tr: s, Uz: s} }

// classroom is the panel of one page (a system, or the network page).
type classroom struct {
	Learn     []pageText // three learning goals
	Basis     []basisItem
	Constants pageText
	Generator pageText
}

// sources are the numbered references of every basis section.
var sources = []string{
	"J. D. C. Little, A proof for the queuing formula L = λW, Operations Research 9(3) (1961) 383–387.",
	"L. Kleinrock, Queueing Systems, Volume 1: Theory, Wiley, 1975.",
	"M. Harchol-Balter, Performance Modeling and Design of Computer Systems: Queueing Theory in Action, Cambridge University Press, 2013.",
	"D. M. Green and J. A. Swets, Signal Detection Theory and Psychophysics, Wiley, 1966.",
	"B. Beyer, N. R. Murphy, D. K. Rensin, K. Kawahara and S. Thorne (eds.), The Site Reliability Workbook, O'Reilly, 2018, ch. 5.",
	"J. Jung, A. W. Berger and H. Balakrishnan, Modeling TTL-based Internet caches, IEEE INFOCOM 2003.",
	"J. R. Jackson, Jobshop-like queueing systems, Management Science 10(1) (1963) 131–142.",
	"M. Reiser and S. S. Lavenberg, Mean-value analysis of closed multichain queuing networks, Journal of the ACM 27(2) (1980) 313–322.",
	"E. D. Lazowska, J. Zahorjan, G. S. Graham and K. C. Sevcik, Quantitative System Performance, Prentice-Hall, 1984, ch. 5.",
	"W. Whitt, The queueing network analyzer, Bell System Technical Journal 62(9) (1983) 2779–2815.",
	"F. Baskett, K. M. Chandy, R. R. Muntz and F. G. Palacios, Open, closed, and mixed networks of queues with different classes of customers, Journal of the ACM 22(2) (1975) 248–260.",
}

// classroomJSON is GET /api/classroom: the panels by page ("switch",
// "web", "network") as message keys, and the sources.
type classroomJSON struct {
	Pages   map[string]classroomPageJSON `json:"pages"`
	Sources []string                     `json:"sources"`
}

type classroomPageJSON struct {
	Learn     []string    `json:"learn"`
	Basis     []basisJSON `json:"basis"`
	Constants string      `json:"constants"`
	Generator string      `json:"generator"`
}

type basisJSON struct {
	Text       string `json:"text"`
	Formula    string `json:"formula"`
	Refs       []int  `json:"refs"`
	Assumption bool   `json:"assumption"`
	Note       string `json:"note,omitempty"`
}

func handleClassroom(w http.ResponseWriter, _ *http.Request) {
	out := classroomJSON{Pages: map[string]classroomPageJSON{}, Sources: sources}
	for name, c := range classrooms {
		p := classroomPageJSON{Constants: c.Constants.key(), Generator: c.Generator.key()}
		for _, l := range c.Learn {
			p.Learn = append(p.Learn, l.key())
		}
		for _, b := range c.Basis {
			p.Basis = append(p.Basis, basisJSON{b.Text.key(), b.Formula.key(), b.Refs, b.Assumption, b.Note.key()})
		}
		out.Pages[name] = p
	}
	writeJSON(w, http.StatusOK, out)
}

// classroomTexts are the panels' messages, for the catalogue.
var classroomTexts = func() []pageText {
	var out []pageText
	seen := map[string]bool{}
	add := func(m pageText) {
		if m.En != "" && !seen[m.key()] {
			seen[m.key()] = true
			out = append(out, m)
		}
	}
	for _, name := range []string{"switch", "web", "network"} {
		c := classrooms[name]
		for _, l := range c.Learn {
			add(l)
		}
		for _, b := range c.Basis {
			add(b.Text)
			add(b.Formula)
			add(b.Note)
		}
		add(c.Constants)
		add(c.Generator)
	}
	return append(out, classroomChrome...)
}()
