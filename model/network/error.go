package network

import "fmt"

// Error is a mistake in a network: where it is (the file and line when the
// network came from a file), which element (a station, class, routing row
// and its field) and what is wrong, with the valid values.
type Error struct {
	File string // "" for a network built in Go
	Line int    // 0 when unknown
	Elem string // e.g. `station "cpu" service`
	Msg  string
}

// Error formats the error as file:line: element: message.
func (e *Error) Error() string {
	pos := ""
	switch {
	case e.File != "" && e.Line > 0:
		pos = fmt.Sprintf("%s:%d: ", e.File, e.Line)
	case e.File != "":
		pos = e.File + ": "
	case e.Line > 0:
		pos = fmt.Sprintf("line %d: ", e.Line)
	}
	if e.Elem == "" {
		return pos + e.Msg
	}
	return pos + e.Elem + ": " + e.Msg
}

func errf(elem, format string, args ...any) *Error {
	return &Error{Elem: elem, Msg: fmt.Sprintf(format, args...)}
}

// Element names, the same in error messages and in the parser's line
// table.
func elemClass(c string) string           { return fmt.Sprintf("class %q", cut(c)) }
func elemStation(s string) string         { return fmt.Sprintf("station %q", cut(s)) }
func elemField(elem, field string) string { return elem + " " + field }
func elemRouting(from string) string      { return fmt.Sprintf("routing %q", cut(from)) }
func elemRoutingClass(from, c string) string {
	return fmt.Sprintf("routing %q class %q", cut(from), cut(c))
}
