package serve

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAndTerms: a condition splits at its top-level && only, not inside
// brackets or string and template literals.
func TestAndTerms(t *testing.T) {
	for _, tc := range []struct {
		expr string
		want []string
	}{
		{`app.st`, []string{`app.st`}},
		{`app.st && app.rows.length === 3`, []string{`app.st`, `app.rows.length === 3`}},
		{`a && (b && c) && f(x && y)`, []string{`a`, `(b && c)`, `f(x && y)`}},
		{`q("a && b") && r('&&') && s(` + "`&&${x}`" + `)`, []string{`q("a && b")`, `r('&&')`, "s(`&&${x}`)"}},
		{`e("say \" && \"") && [1 && 2].length`, []string{`e("say \" && \"")`, `[1 && 2].length`}},
		{`a & b || c`, []string{`a & b || c`}},
		{`a && b || c && d`, []string{`a && b || c && d`}},
		{`a && (b || c) && d`, []string{`a`, `(b || c)`, `d`}},
		{`a && b ? c : d`, []string{`a && b ? c : d`}},
		{`a && x?.y`, []string{`a && x?.y`}},
	} {
		assert.Equal(t, tc.want, andTerms(tc.expr), tc.expr)
	}
}

// TestBrowserUntilSaysWhatItSaw: a wait that ends without its condition
// names each term's value in the page, so a hang in CI is diagnosable.
func TestBrowserUntilSaysWhatItSaw(t *testing.T) {
	ctx := browser(t)
	p := page{t, ctx}
	p.do(chromedp.Navigate("about:blank"), chromedp.Evaluate[chromedp.Void](`window.seenX = 1; window.seenS = {minute: 2}`))
	short, cancel := context.WithTimeout(ctx, time.Second) // the condition never holds: only the failure path is tested
	defer cancel()
	err := chromedp.Do(short, until(`window.seenX === 1 && window.seenS.minute === 3 && window.nothing.here`, time.Second))
	require.Error(t, err)
	for _, want := range []string{
		"window.seenX === 1 → true",
		"window.seenS.minute === 3 → false",
		"window.nothing.here → throws TypeError",
	} {
		assert.Contains(t, err.Error(), want)
	}
}
