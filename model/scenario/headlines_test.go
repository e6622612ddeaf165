package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Headlines lists the headline columns in column order, whatever their
// position; a result without one has none.
func TestHeadlines(t *testing.T) {
	cases := []struct {
		name string
		head []bool
		want []int
	}{
		{"none", []bool{false, false}, nil},
		{"first and last", []bool{true, false, true}, []int{0, 2}},
		{"middle", []bool{false, true, false}, []int{1}},
		{"all", []bool{true, true}, []int{0, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &Result{}
			for i, h := range c.head {
				r.Columns = append(r.Columns, Column{Key: string(rune('a' + i)), Headline: h})
			}
			assert.Equal(t, c.want, r.Headlines())
		})
	}
}
