package serve

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Numbers inside translated messages. The layers that write the pages'
// errors and notes print their numbers the Go way ("1.5", "1e+06",
// "[0, 1]"); a translated message writes each number it names the way its
// language does, with the same symbols the page uses for its own numbers
// (symbolsOf): Turkish 1,5 and 1.000.000, Uzbek 1,5 and 1 000 000. A
// value the user typed is quoted by the layers ("got \"0.5\"") or part of
// a change ("servers first=2") and is never a bare number, so it stays as
// typed; so do the examples of the input syntax ("e.g. 80ms").

// bareNumber is a number as strconv or fmt print it, sign included.
var bareNumber = regexp.MustCompile(`^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$`)

// numberInterval is an interval of two bare numbers, "[0, 1)" and the like.
var numberInterval = regexp.MustCompile(`^([\[(])([^,\s]+), ([^,\s]+)([\])])$`)

// localNumber writes s, a bare number, with sym's separators; ok is false
// when s is not a bare number. The digits are kept as written (no
// rounding); an exponent is written out when the number is a whole number
// below 10¹⁵, else kept ("4,99e-05").
func localNumber(sym numberSymbols, s string) (string, bool) {
	if !bareNumber.MatchString(s) {
		return s, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return s, false
	}
	sign := ""
	if s[0] == '-' || s[0] == '+' {
		sign, s = s[:1], s[1:]
	}
	exp := ""
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		if a := math.Abs(v); a == math.Trunc(a) && a < 1e15 {
			s = strconv.FormatFloat(a, 'f', -1, 64)
		} else {
			s, exp = s[:i], s[i:]
		}
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	out := groupDigits(whole, sym.Group)
	if hasFrac {
		out += sym.Decimal + frac
	}
	return sign + out + exp, true
}

// groupDigits puts sep between each group of three digits of a whole
// number's digits, from the right.
func groupDigits(digits, sep string) string {
	if len(digits) <= 3 {
		return digits
	}
	var b strings.Builder
	head := len(digits) % 3
	if head > 0 {
		b.WriteString(digits[:head])
	}
	for i := head; i < len(digits); i += 3 {
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(digits[i : i+3])
	}
	return b.String()
}

// localInterval writes an interval of two bare numbers with sym's
// separators; where the decimal separator is a comma, the bounds are
// separated by a semicolon ("[0; 0,5]"), as those languages write it.
func localInterval(sym numberSymbols, s string) (string, bool) {
	m := numberInterval.FindStringSubmatch(s)
	if m == nil {
		return s, false
	}
	lo, ok1 := localNumber(sym, m[2])
	hi, ok2 := localNumber(sym, m[3])
	if !ok1 || !ok2 {
		return s, false
	}
	sep := ", "
	if sym.Decimal == "," {
		sep = "; "
	}
	return m[1] + lo + sep + hi + m[4], true
}
