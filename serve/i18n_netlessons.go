package serve

import (
	"embed"
	"strings"

	"queuelab/examples/networks"
)

// netLessonFiles are the catalogue networks' lessons in Turkish and
// Uzbek: lessons/NAME.tr.md and lessons/NAME.uz.md beside each
// examples/networks/NAME.lesson.md, in the same Markdown subset and with
// the same "# Title" first line.
//
//go:embed lessons/*.md
var netLessonFiles embed.FS

// networkLessonTexts enters every catalogue network's title and lesson
// in the catalogue, keyed by their English. A lesson without a
// translation file gets an empty text, which TestCatalogueComplete names.
func networkLessonTexts() []pageText {
	var out []pageText
	for _, ex := range networks.Catalogue() {
		if ex.Lesson == "" {
			continue
		}
		base := strings.TrimSuffix(ex.Name, ".yaml")
		title := pageText{En: ex.Title}
		lesson := pageText{En: ex.Lesson}
		for _, lang := range []string{"tr", "uz"} {
			b, err := netLessonFiles.ReadFile("lessons/" + base + "." + lang + ".md")
			if err != nil {
				continue // missing: the test says which
			}
			t, l := splitLessonTitle(string(b))
			if lang == "tr" {
				title.Tr, lesson.Tr = t, l
			} else {
				title.Uz, lesson.Uz = t, l
			}
		}
		out = append(out, title, lesson)
	}
	return out
}

// splitLessonTitle takes the "# Title" first line off a lesson, as the
// catalogue does with the English.
func splitLessonTitle(md string) (title, rest string) {
	first, rest, _ := strings.Cut(md, "\n")
	t, ok := strings.CutPrefix(strings.TrimSpace(first), "# ")
	if !ok {
		return "", strings.TrimSpace(md)
	}
	return strings.TrimSpace(t), strings.TrimSpace(rest)
}
