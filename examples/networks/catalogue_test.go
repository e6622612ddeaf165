package networks

import (
	"fmt"
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/network"
)

// TestCatalogue: every example parses, every example has a lesson with a
// title, and every lesson has its example.
func TestCatalogue(t *testing.T) {
	cat := Catalogue()
	require.NotEmpty(t, cat)
	mds, err := fs.Glob(lessons, "*.lesson.md")
	require.NoError(t, err)
	assert.Len(t, mds, len(cat), "one lesson per example: %v", mds)
	for _, e := range cat {
		_, err := network.Parse(e.Name, e.Source)
		assert.NoError(t, err, e.Name)
		assert.NotEqual(t, e.Name, e.Title, "%s: its lesson starts with \"# Title\"", e.Name)
		assert.NotEmpty(t, e.Lesson, e.Name)
	}
}

func TestSplitTitle(t *testing.T) {
	for _, tc := range []struct{ in, title, rest string }{
		{"# Tandem line\nTwo stations.\n", "Tandem line", "Two stations."},
		{"No title here.\n", "x.yaml", "No title here."},
		{"", "x.yaml", ""},
	} {
		title, rest := splitTitle(tc.in, "x.yaml")
		assert.Equal(t, tc.title, title)
		assert.Equal(t, tc.rest, rest)
	}
}

func ExampleCatalogue() {
	for _, e := range Catalogue() {
		if e.Name == "jackson-feedback.yaml" {
			fmt.Println(e.Title)
		}
	}
	// Output: Jackson network with feedback: product form
}
