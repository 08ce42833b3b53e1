package sim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"gpw/interp"
)

// WriteLine writes v (a Header or a Record) as one JSON line.
func WriteLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// File is a results file as read.
type File struct {
	Name    string
	Header  *Header
	Records []*Record
	lines   []int // the line of each record
}

// maxLine bounds one line of a results file.
const maxLine = 64 << 20

// Read reads a results file: a header line, then records. Errors name the
// file and line.
func Read(r io.Reader, name string) (*File, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	f := &File{Name: name}
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		if f.Header == nil {
			var h Header
			if err := strictUnmarshal(b, &h); err != nil || h.Format == 0 {
				if err == nil {
					err = errors.New("no sim_format")
				}
				return nil, fmt.Errorf("%s:%d: not the header of a gpw sim results file: %v", name, line, err)
			}
			if h.Format != Format {
				return nil, fmt.Errorf("%s:%d: results format %d; this build reads %d", name, line, h.Format, Format)
			}
			f.Header = &h
			continue
		}
		var rec Record
		if err := strictUnmarshal(b, &rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if err := f.Header.Check(&rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if !f.Header.Shard.Has(rec.Game) {
			return nil, fmt.Errorf("%s:%d: game %d is not in shard %s", name, line, rec.Game, f.Header.Shard)
		}
		f.Records = append(f.Records, &rec)
		f.lines = append(f.lines, line)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, line+1, err)
	}
	if f.Header == nil {
		return nil, fmt.Errorf("%s: empty: no header line", name)
	}
	return f, nil
}

func strictUnmarshal(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	return d.Decode(v)
}

// sameExperiment reports how two headers differ, apart from their shards.
func sameExperiment(a, b *Header) error {
	x, y := *a, *b
	x.Shard, y.Shard = nil, nil
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	if bytes.Equal(ja, jb) {
		return nil
	}
	var ma, mb map[string]json.RawMessage
	json.Unmarshal(ja, &ma)
	json.Unmarshal(jb, &mb)
	var diff []string
	for _, k := range slices.Sorted(maps.Keys(ma)) {
		if !bytes.Equal(ma[k], mb[k]) {
			diff = append(diff, fmt.Sprintf("%s %s against %s", k, ma[k], mb[k]))
		}
	}
	return errors.New(strings.Join(diff, "; "))
}

// Merge joins the shards of one experiment into the file an unsharded run
// would have written: the header without its shard, the records in
// order. It refuses files of different experiments (scenario, rules,
// seeds, bots, version: the hashes), a shard given twice, a game twice,
// and missing shards or games.
func Merge(files []*File) (*File, error) {
	if len(files) == 0 {
		return nil, errors.New("merge: no files")
	}
	first := files[0]
	h0 := first.Header
	if h0.Until != "" {
		return nil, fmt.Errorf("%s: a run stopped by --until is whole; there is nothing to merge", first.Name)
	}
	n := 1
	if h0.Shard != nil {
		n = h0.Shard.N
	}
	byShard := make([]*File, n)
	type key struct{ game, arm int }
	seen := map[key]string{}
	out := &File{Name: "merged"}
	for _, f := range files {
		h := f.Header
		if err := sameExperiment(h0, h); err != nil {
			return nil, fmt.Errorf("%s and %s are not shards of one experiment: %v", first.Name, f.Name, err)
		}
		k, fn := 0, 1
		if h.Shard != nil {
			k, fn = h.Shard.K, h.Shard.N
		}
		if fn != n {
			return nil, fmt.Errorf("%s is shard %d/%d, %s one of %d shards", f.Name, k, fn, first.Name, n)
		}
		if byShard[k] != nil {
			return nil, fmt.Errorf("shard %d/%d twice: %s and %s", k, n, byShard[k].Name, f.Name)
		}
		byShard[k] = f
		for i, r := range f.Records {
			at := fmt.Sprintf("%s:%d", f.Name, f.lines[i])
			if prev, dup := seen[key{r.Game, r.Arm}]; dup {
				return nil, fmt.Errorf("game %d arm %d twice: %s and %s", r.Game, r.Arm, prev, at)
			}
			seen[key{r.Game, r.Arm}] = at
			out.Records = append(out.Records, r)
		}
	}
	var missing []string
	for k, f := range byShard {
		if f == nil {
			missing = append(missing, fmt.Sprintf("%d/%d", k, n))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("missing shard(s) %s of %d (no file has them)", strings.Join(missing, ", "), n)
	}
	for k, f := range byShard {
		var lack []string
		count := 0
		for i := k; i < h0.Games; i += n {
			for a := range h0.Arms {
				if _, ok := seen[key{i, a}]; !ok {
					count++
					if len(lack) < 5 {
						lack = append(lack, fmt.Sprintf("game %d arm %d", i, a))
					}
				}
			}
		}
		if count > 0 {
			return nil, fmt.Errorf("%s (shard %d/%d) lacks %d game(s), first %s: was it cut short?", f.Name, k, n, count, strings.Join(lack, ", "))
		}
	}
	h := *h0
	h.Shard = nil
	out.Header = &h
	Sort(out.Records)
	return out, nil
}

// Write writes the file: its header, then its records.
func (f *File) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	if err := WriteLine(bw, f.Header); err != nil {
		return err
	}
	for _, r := range f.Records {
		if err := WriteLine(bw, r); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// Same reports how two headers differ, shards included.
func (h *Header) Same(o *Header) error {
	if err := sameExperiment(h, o); err != nil {
		return err
	}
	if (h.Shard == nil) != (o.Shard == nil) || h.Shard != nil && *h.Shard != *o.Shard {
		return fmt.Errorf("shard %v against %v", h.Shard, o.Shard)
	}
	return nil
}

// Resume opens the results file of a run cut short to go on writing
// it: its header must be h's; a last line cut in the middle is dropped.
// It returns the file, positioned after its last whole record, and the
// records, which must come in the order (game, arm) from the first.
func Resume(name string, h *Header) (*os.File, []*Record, error) {
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if err != nil {
		return nil, nil, err
	}
	b, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	whole := bytes.LastIndexByte(b, '\n') + 1 // a line without its end is cut short
	rf, err := Read(bytes.NewReader(b[:whole]), name)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("--resume: %w", err)
	}
	if err := rf.Header.Same(h); err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("--resume %s: another experiment: %v", name, err)
	}
	if err := f.Truncate(int64(whole)); err != nil {
		f.Close()
		return nil, nil, err
	}
	if _, err := f.Seek(int64(whole), io.SeekStart); err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, rf.Records, nil
}

// Overloaded reports whether err says the machine, not the game, failed:
// such an error stops a run, to be resumed, rather than being recorded
// as the game's. It is the interpreter's interp.ErrOverloaded (the
// wall-clock safety valve of the Lua budgets: "the machine is
// overloaded"), which game and bot wrap with %w, or an error in err's
// chain with an Overloaded() bool method that returns true.
func Overloaded(err error) bool {
	if errors.Is(err, interp.ErrOverloaded) {
		return true
	}
	var o interface{ Overloaded() bool }
	return errors.As(err, &o) && o.Overloaded()
}
