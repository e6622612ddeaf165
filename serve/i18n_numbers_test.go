package serve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/text/language"
)

// Numbers and intervals inside translated messages take the language's
// separators, keep every digit and sign as written, and leave anything
// that is not a bare number alone (a quoted value the user typed, input
// syntax, a name).
func TestLocalNumbers(t *testing.T) {
	tr, uz, en := symbolsOf(language.Turkish), symbolsOf(language.Uzbek), symbolsOf(language.English)
	for _, tc := range []struct {
		in, tr, uz, en string
		ok             bool
	}{
		{"1.5", "1,5", "1,5", "1.5", true},
		{"42.25", "42,25", "42,25", "42.25", true},
		{"100001", "100.001", "100\u00a0001", "100,001", true},
		{"999", "999", "999", "999", true},
		{"1000", "1.000", "1\u00a0000", "1,000", true},
		{"-3", "-3", "-3", "-3", true},
		{"+12.3", "+12,3", "+12,3", "+12.3", true},
		{"1e+06", "1.000.000", "1\u00a0000\u00a0000", "1,000,000", true},
		{"4.99e-05", "4,99e-05", "4,99e-05", "4.99e-05", true},
		{"0.001", "0,001", "0,001", "0.001", true},
		{`"0.5"`, `"0.5"`, `"0.5"`, `"0.5"`, false},
		{"0.75:250ms", "0.75:250ms", "0.75:250ms", "0.75:250ms", false},
		{"80ms", "80ms", "80ms", "80ms", false},
		{"servers first=2", "servers first=2", "servers first=2", "servers first=2", false},
		{"1.2.3", "1.2.3", "1.2.3", "1.2.3", false},
		{"NaN", "NaN", "NaN", "NaN", false},
	} {
		got, ok := localNumber(tr, tc.in)
		assert.Equal(t, tc.ok, ok, tc.in)
		assert.Equal(t, tc.tr, got, "tr %s", tc.in)
		got, _ = localNumber(uz, tc.in)
		assert.Equal(t, tc.uz, got, "uz %s", tc.in)
		got, _ = localNumber(en, tc.in)
		assert.Equal(t, tc.en, got, "en %s", tc.in)
	}
	for _, tc := range []struct {
		in, tr, en string
		ok         bool
	}{
		{"[1, 10000000]", "[1; 10.000.000]", "[1, 10,000,000]", true},
		{"(0, 1]", "(0; 1]", "(0, 1]", true},
		{"[-1e+06, 1e+06]", "[-1.000.000; 1.000.000]", "[-1,000,000, 1,000,000]", true},
		{"[0.5, 2.5)", "[0,5; 2,5)", "[0.5, 2.5)", true},
		{"[a, b]", "[a, b]", "[a, b]", false},
		{"[1, 2] and more", "[1, 2] and more", "[1, 2] and more", false},
	} {
		got, ok := localInterval(tr, tc.in)
		assert.Equal(t, tc.ok, ok, tc.in)
		assert.Equal(t, tc.tr, got, "tr %s", tc.in)
		got, _ = localInterval(en, tc.in)
		assert.Equal(t, tc.en, got, "en %s", tc.in)
	}
}
