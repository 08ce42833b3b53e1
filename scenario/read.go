package scenario

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"syscall"
)

// DirFS is a folder on disk read under gpw's policy for data files, the
// same as the Lua require's (interp): only files under the folder
// (symbolic links may not lead out of it), and only regular files (no
// devices, no FIFOs). Close it when done.
type DirFS struct{ root *os.Root }

// OpenDir opens dir as a DirFS.
func OpenDir(dir string) (*DirFS, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, &fileErr{dir, plainFSError(err)}
	}
	return &DirFS{root: root}, nil
}

// Open opens a regular file or a folder under the root. It never blocks on
// a FIFO: it opens without waiting, then refuses what is not a regular file.
func (d *DirFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	f, err := d.root.OpenFile(filepath.FromSlash(name), os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() && !fi.IsDir() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: errNotRegular{fi.Mode()}}
	}
	return f, nil
}

// Close releases the folder.
func (d *DirFS) Close() error { return d.root.Close() }

// errNotRegular refuses devices, FIFOs, sockets, folders.
type errNotRegular struct{ mode fs.FileMode }

func (e errNotRegular) Error() string {
	switch {
	case e.mode&fs.ModeNamedPipe != 0:
		return "is a FIFO (named pipe), not a regular file"
	case e.mode&fs.ModeDevice != 0:
		return "is a device, not a regular file"
	case e.mode&fs.ModeSocket != 0:
		return "is a socket, not a regular file"
	case e.mode.IsDir():
		return "is a folder, not a regular file"
	}
	return "is not a regular file"
}

// fileErr is a problem with a whole file: it cannot be read.
type fileErr struct{ name, msg string }

func (e *fileErr) Error() string { return e.name + ": " + e.msg }

// why is what is wrong with the file, without its name.
func why(err error) string {
	if fe, ok := err.(*fileErr); ok {
		return fe.msg
	}
	return err.Error()
}

// readFile reads name from fsys when it is a regular file of at most limit
// bytes; the size is checked before reading. Its errors are *fileErr.
func readFile(fsys fs.FS, name string, limit int64) ([]byte, error) {
	if fsys == nil {
		return nil, &fileErr{name, "no such file"}
	}
	fi, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, &fileErr{name, plainFSError(err)}
	}
	if !fi.Mode().IsRegular() {
		return nil, &fileErr{name, errNotRegular{fi.Mode()}.Error()}
	}
	if fi.Size() > limit {
		return nil, &fileErr{name, fmt.Sprintf("has %d bytes; such a file may have at most %d", fi.Size(), limit)}
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, &fileErr{name, plainFSError(err)}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, &fileErr{name, plainFSError(err)}
	}
	if int64(len(data)) > limit {
		return nil, &fileErr{name, fmt.Sprintf("has more than %d bytes, the most such a file may have", limit)}
	}
	return data, nil
}

// isFile reports whether name is a regular file in fsys.
func isFile(fsys fs.FS, name string) bool {
	if fsys == nil {
		return false
	}
	fi, err := fs.Stat(fsys, name)
	return err == nil && fi.Mode().IsRegular()
}

// present reports whether fsys has something at name, readable or not (a
// FIFO, a link out of the folder): reading it says what is wrong.
func present(fsys fs.FS, name string) bool {
	if fsys == nil {
		return false
	}
	_, err := fs.Stat(fsys, name)
	return !errors.Is(err, fs.ErrNotExist)
}

// firstWith returns the first of fss that has name, or nil.
func firstWith(name string, fss ...fs.FS) fs.FS {
	for _, f := range fss {
		if present(f, name) {
			return f
		}
	}
	return nil
}

// plainFSError says what went wrong opening or reading a file, without
// the Go operation names.
func plainFSError(err error) string {
	var ne errNotRegular
	switch {
	case errors.As(err, &ne):
		return ne.Error()
	case errors.Is(err, fs.ErrNotExist):
		return "no such file"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	case errors.Is(err, fs.ErrInvalid):
		return "not a valid file name (a relative path inside the folder, without \"..\")"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	if err.Error() == "path escapes from parent" {
		return "the path leads out of the folder (gpw reads only files under it)"
	}
	return err.Error()
}

// validName matches the names of maps, catalogues and schedules.
var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

func checkName(what, name string) error {
	if !validName.MatchString(name) {
		return fmt.Errorf("%s %q: a name has letters, digits, - and _ only (it names a file in gpw's data folders)", what, name)
	}
	return nil
}

// recordFS keeps the content of each file read whole through it: the
// files a scenario took from its folder, that a save must carry
// (Scenario.Files).
type recordFS struct {
	fsys  fs.FS
	files map[string][]byte
}

func newRecordFS(fsys fs.FS) *recordFS { return &recordFS{fsys: fsys, files: map[string][]byte{}} }

func (r *recordFS) Open(name string) (fs.File, error) {
	f, err := r.fsys.Open(name)
	if err != nil {
		return nil, err
	}
	return &recordFile{File: f, name: name, r: r}, nil
}

func (r *recordFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(r.fsys, name) }

func (r *recordFS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(r.fsys, name) }

type recordFile struct {
	fs.File
	name string
	r    *recordFS
	buf  []byte
}

func (f *recordFile) Read(p []byte) (int, error) {
	n, err := f.File.Read(p)
	f.buf = append(f.buf, p[:n]...)
	if err == io.EOF {
		f.r.files[f.name] = f.buf
	}
	return n, err
}
