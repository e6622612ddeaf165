package network

import (
	"bufio"
	"io"
	"strconv"

	"queuelab/des"
)

// TraceHeader is the first line of a trace without batch arrivals; with
// them a batch column follows.
const TraceHeader = "customer,class,station,arrived,started,departed"

// Trace writes one CSV row per station visit of a simulation (Options.Trace):
//
//	customer,class,station,arrived,started,departed[,batch]
//
// customer numbers customers 1, 2, … in the order they enter the network
// (a closed class's customers keep theirs for ever); class is the class
// of the visit (after any class switch); times are seconds since the
// start. A customer lost at a full station has only arrived; one whose
// patience ran out has arrived and departed (when it abandoned) and no
// started. With batch arrivals, batch numbers the arrival events 1, 2, …
// (empty for customers who did not arrive in a batch: a closed class, the
// initial state). Rows come in the order visits end; the same network
// and seed give the same bytes.
//
// A Trace writes at most MaxBytes bytes (header included): the first row
// that would pass it is not written, nor any after it, and Full reports
// the simulated time it happened at.
type Trace struct {
	MaxBytes int64

	w        *bufio.Writer
	written  int64
	full     bool
	fullAt   float64
	err      error
	batches  bool
	row      []byte
	classes  []string
	stations []string

	// per customer id (the Sim's slab index)
	num     []int64
	batch   []int64
	arrived []des.Time
	started []des.Time
	nextNum int64
	nextB   int64
	inBatch bool
}

// NewTrace returns a Trace writing to w, at most maxBytes bytes.
func NewTrace(w io.Writer, maxBytes int64) *Trace {
	return &Trace{MaxBytes: maxBytes, w: bufio.NewWriterSize(w, 1<<16)}
}

// Full reports whether the byte budget was reached, and at what simulated
// time (s).
func (t *Trace) Full() (bool, float64) { return t.full, t.fullAt }

// Flush writes out what is buffered and returns the first write error.
func (t *Trace) Flush() error {
	if err := t.w.Flush(); t.err == nil {
		t.err = err
	}
	return t.err
}

// attach starts the trace for the network of s: the header row.
func (t *Trace) attach(s *Sim) {
	for _, c := range s.net.Classes {
		t.classes = append(t.classes, c.Name)
		t.batches = t.batches || (c.Arrivals != nil && c.Arrivals.Batch != nil)
	}
	for _, st := range s.net.Stations {
		t.stations = append(t.stations, st.Name)
	}
	h := TraceHeader
	if t.batches {
		h += ",batch"
	}
	t.emit(append([]byte(h), '\n'), 0)
}

func (t *Trace) grow(id int32) {
	for int(id) >= len(t.num) {
		t.num = append(t.num, 0)
		t.batch = append(t.batch, 0)
		t.arrived = append(t.arrived, 0)
		t.started = append(t.started, -1)
	}
}

// enter numbers customer id as it enters the network.
func (t *Trace) enter(id int32) {
	t.grow(id)
	t.nextNum++
	t.num[id] = t.nextNum
	t.batch[id] = 0
	if t.inBatch {
		t.batch[id] = t.nextB
	}
}

// beginBatch opens a new batch number for the customers entering until
// endBatch.
func (t *Trace) beginBatch() { t.nextB++; t.inBatch = true }
func (t *Trace) endBatch()   { t.inBatch = false }

func (t *Trace) arrive(id int32, now des.Time) {
	t.arrived[id], t.started[id] = now, -1
}

func (t *Trace) start(id int32, now des.Time) { t.started[id] = now }

// end writes the row of customer id's visit to station i as class r,
// ending now; departed is false for a customer lost on arrival.
func (t *Trace) end(id int32, r, i int, now des.Time, departed bool) {
	if t.full || t.err != nil {
		return
	}
	b := strconv.AppendInt(t.row[:0], t.num[id], 10)
	b = append(b, ',')
	b = appendCSV(b, t.classes[r])
	b = append(b, ',')
	b = appendCSV(b, t.stations[i])
	b = append(b, ',')
	b = appendTime(b, t.arrived[id])
	b = append(b, ',')
	if t.started[id] >= 0 {
		b = appendTime(b, t.started[id])
	}
	b = append(b, ',')
	if departed {
		b = appendTime(b, now)
	}
	if t.batches {
		b = append(b, ',')
		if t.batch[id] > 0 {
			b = strconv.AppendInt(b, t.batch[id], 10)
		}
	}
	b = append(b, '\n')
	t.row = b
	t.emit(b, now)
}

func (t *Trace) emit(b []byte, now des.Time) {
	if t.written+int64(len(b)) > t.MaxBytes {
		t.full, t.fullAt = true, now.Seconds()
		return
	}
	t.written += int64(len(b))
	if _, err := t.w.Write(b); err != nil && t.err == nil {
		t.err = err
	}
}

// appendTime writes a time in seconds, as short as it round-trips.
func appendTime(b []byte, x des.Time) []byte {
	return strconv.AppendFloat(b, x.Seconds(), 'f', -1, 64)
}

// appendCSV writes a name, quoted when it holds a comma or a quote.
func appendCSV(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == ',' || c == '"' || c == '\r' {
			b = append(b, '"')
			for j := 0; j < len(s); j++ {
				if s[j] == '"' {
					b = append(b, '"')
				}
				b = append(b, s[j])
			}
			return append(b, '"')
		}
	}
	return append(b, s...)
}
