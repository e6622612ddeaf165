package networks

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// lessons holds the NAME.lesson.md beside each NAME.yaml: what the live
// simulator's lesson panel says to try and to see.
//
//go:embed *.lesson.md
var lessons embed.FS

// Example is one catalogue network.
type Example struct {
	Name   string // file name, e.g. "tandem.yaml"
	Title  string // the lesson's first line ("# Title"), or Name
	Source []byte // the network file
	Lesson string // the lesson without its title line ("" when there is none)
}

// Catalogue returns every example (Files) with its lesson, by file name.
func Catalogue() []Example {
	names, _ := fs.Glob(Files, "*.yaml") // the pattern is valid: no error
	sort.Strings(names)
	out := make([]Example, 0, len(names))
	for _, name := range names {
		src, _ := Files.ReadFile(name) // embedded: cannot fail
		e := Example{Name: name, Title: name, Source: src}
		if md, err := lessons.ReadFile(strings.TrimSuffix(name, path.Ext(name)) + ".lesson.md"); err == nil {
			e.Title, e.Lesson = splitTitle(string(md), name)
		}
		out = append(out, e)
	}
	return out
}

// splitTitle takes a leading "# Title" line off a lesson.
func splitTitle(md, name string) (title, rest string) {
	first, rest, _ := strings.Cut(md, "\n")
	if t, ok := strings.CutPrefix(strings.TrimSpace(first), "# "); ok {
		return strings.TrimSpace(t), strings.TrimSpace(rest)
	}
	return name, strings.TrimSpace(md)
}
