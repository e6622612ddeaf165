package serve

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/examples/networks"
)

var (
	boldRe   = regexp.MustCompile(`\*\*(.*?)\*\*`)
	numberRe = regexp.MustCompile(`\d+(?:[.,]\d+)?`)
)

// boldNumbers lists the numbers a lesson puts in bold (the values it
// promises the page will show), decimal commas read as points, sorted.
func boldNumbers(md string) []string {
	var out []string
	for _, b := range boldRe.FindAllStringSubmatch(md, -1) {
		for _, n := range numberRe.FindAllString(b[1], -1) {
			out = append(out, strings.Replace(n, ",", ".", 1))
		}
	}
	sort.Strings(out)
	return out
}

// TestLessonTranslationsQuoteTheSameNumbers: every example with a lesson
// has it in Turkish and Uzbek, and each translation puts the same numbers
// in bold as the English (TestLessonChanges checks the English's against
// the formulas), so a translation cannot promise another value.
func TestLessonTranslationsQuoteTheSameNumbers(t *testing.T) {
	n := 0
	for _, ex := range networks.Catalogue() {
		if ex.Lesson == "" {
			continue
		}
		base := strings.TrimSuffix(ex.Name, ".yaml")
		want := boldNumbers(ex.Lesson)
		for _, lang := range []string{"tr", "uz"} {
			b, err := netLessonFiles.ReadFile("lessons/" + base + "." + lang + ".md")
			require.NoError(t, err, "%s has no %s lesson", base, lang)
			assert.Equal(t, want, boldNumbers(string(b)), "%s.%s.md's bold numbers", base, lang)
		}
		n++
	}
	assert.GreaterOrEqual(t, n, 19, "the examples' lessons were read")
}
