package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"gpw"
	"gpw/core"
	"gpw/game"
	"gpw/interp"
	"gpw/mapgen"
	"gpw/scenario"
)

// mapFile is where the compiled theatre map lives, on disk and embedded.
const mapFile = "maps/gpw.toml"

func newMapCmd(ios *ioStreams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "map",
		Short: "Build, draw and query the theatre map",
		Long: `The theatre map is compiled from geographic data (maps/geo) into
maps/gpw.toml. Hexes are named S-CCRR: sheet, column, row (B-1603).`,
	}
	cmd.AddCommand(newMapBuildCmd(&mapBuildOptions{IO: ios}), newMapRenderCmd(&mapRenderOptions{IO: ios}),
		newMapFindCmd(&mapQueryOptions{IO: ios}), newMapDistanceCmd(&mapQueryOptions{IO: ios}),
		newMapShowCmd(&mapQueryOptions{IO: ios}))
	return cmd
}

// mapBuildOptions are the flags of gpw map build.
type mapBuildOptions struct {
	IO     *ioStreams
	Geo    string
	Output string
	Check  bool
}

func newMapBuildCmd(o *mapBuildOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "build [--geo maps/geo] [-o FILE.toml] [--check]",
		Short: "Compile the map from its geographic source",
		Long: `Build compiles the map from its geographic source and reports what it
holds. It writes the map only where -o says (-o maps/gpw.toml replaces
gpw's own map in a source tree); --check compares instead. A scenario
adds towns, regions, fortifications and closed areas to the built-in map
in its own file (docs/scenarios.md): it needs no map of its own.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return mapBuildRun(o) },
	}
	cmd.Flags().StringVar(&o.Geo, "geo", "maps/geo", "folder of the geographic source")
	cmd.Flags().StringVarP(&o.Output, "output", "o", "", "compiled map file to write (nothing is written without it)")
	cmd.Flags().BoolVar(&o.Check, "check", false, "write nothing; fail if the output file is not what the source compiles to")
	return cmd
}

func mapBuildRun(o *mapBuildOptions) error {
	dir, base := filepath.Split(filepath.Clean(o.Geo))
	if dir == "" {
		dir = "."
	}
	src, err := mapgen.LoadSource(os.DirFS(dir), base)
	if err != nil {
		return err
	}
	c, err := mapgen.Build(src)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := c.WriteTOML(&b); err != nil {
		return err
	}
	if o.Check {
		if o.Output == "" {
			o.Output = mapFile
		}
		old, err := os.ReadFile(o.Output)
		if err != nil {
			return err
		}
		if !bytes.Equal(old, b.Bytes()) {
			return fmt.Errorf("%s is out of date: run gpw map build -o %s", o.Output, o.Output)
		}
		fmt.Fprintf(o.IO.Out, "%s is up to date\n", o.Output)
		return nil
	}
	if o.Output == "" {
		fmt.Fprintf(o.IO.Out, "%s\nnothing written: give -o FILE.toml (-o %s replaces gpw's own map)\n", mapgen.Summary(c.Map), mapFile)
		return nil
	}
	if err := os.WriteFile(o.Output, b.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(o.IO.Out, "%s: %s\n", o.Output, mapgen.Summary(c.Map))
	for _, n := range c.Notes {
		fmt.Fprintf(o.IO.Out, "note: %s\n", n)
	}
	return nil
}

// mapRenderOptions are the flags of gpw map render.
type mapRenderOptions struct {
	IO       *ioStreams
	Map      string
	Output   string
	HexPx    float64
	NoIDs    bool
	Scenario string
	Save     string
}

func newMapRenderCmd(o *mapRenderOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "render -o FILE.svg|FILE.png [--map FILE]",
		Short: "Draw the map as SVG or PNG",
		Args:  cobra.NoArgs,
		RunE:  func(*cobra.Command, []string) error { return mapRenderRun(o) },
	}
	cmd.Flags().StringVar(&o.Map, "map", "", "map file (default: maps/gpw.toml, or the built-in map)")
	cmd.Flags().StringVarP(&o.Output, "output", "o", "map.svg", "file to write: .svg or .png")
	cmd.Flags().Float64Var(&o.HexPx, "hex", 48, "pixels from hex centre to hex centre")
	cmd.Flags().BoolVar(&o.NoIDs, "no-ids", false, "leave out the hex ids")
	cmd.Flags().StringVar(&o.Scenario, "scenario", "", "draw this scenario's map and its start, set up by the automatic rule (a file or a built-in name)")
	cmd.Flags().StringVar(&o.Save, "save", "", "draw a saved game's map and units as they stand")
	return cmd
}

func mapRenderRun(o *mapRenderOptions) error {
	var c *mapgen.Compiled
	var counters []mapgen.Counter
	var marks []mapgen.Mark
	var sit mapgen.Situation
	switch {
	case o.Scenario != "" && o.Save != "":
		return fmt.Errorf("give --scenario or --save, not both")
	case o.Save != "":
		g, err := game.LoadSave(o.Save, rulesFS(), true, nil)
		if err != nil {
			return err
		}
		c = drawnMap(g.Position().Map)
		counters = stateCounters(g.Position())
		sit = situation(g)
		for _, mk := range g.MapMarks() {
			marks = append(marks, mapgen.Mark{Hex: mk.Hex, Symbol: mk.Symbol, Label: mk.String()})
		}
		for i := range counters {
			if k, ok := g.Position().UnitByID(counters[i].Label); ok {
				for _, mk := range g.Marks(interp.ScopeUnit, k) {
					if mk.Symbol != "" {
						counters[i].Marks = append(counters[i].Marks, mk.Symbol)
					}
				}
			}
		}
	case o.Scenario != "":
		sc, err := loadScenario(o.Scenario, "")
		if err != nil {
			return err
		}
		c = drawnMap(sc.Map)
		// the start after the automatic setup
		g, err := game.New(sc, game.Options{AutoSetup: true}, rulesFS(), nil)
		if err != nil {
			return err
		}
		counters, sit = stateCounters(g.Position()), situation(g)
	default:
		fsys, file := mapSource(o.Map)
		var err error
		if c, err = mapgen.LoadMap(fsys, file); err != nil {
			return err
		}
	}
	if o.HexPx < 8 || o.HexPx > 400 {
		return fmt.Errorf("--hex %g: expected 8 to 400 pixels", o.HexPx)
	}
	d := mapgen.Drawing{C: c, Counters: counters, Marks: marks, HexPx: o.HexPx, Names: true, IDs: !o.NoIDs, Regions: true, Situation: sit}
	var b bytes.Buffer
	var err error
	switch ext := strings.ToLower(filepath.Ext(o.Output)); ext {
	case ".svg":
		err = d.WriteSVG(&b)
	case ".png":
		err = d.WritePNG(&b)
	default:
		return fmt.Errorf("-o %s: expected a .svg or .png file", o.Output)
	}
	if err != nil {
		return err
	}
	if err := os.WriteFile(o.Output, b.Bytes(), 0o644); err != nil {
		return err
	}
	w, h := d.Size()
	fmt.Fprintf(o.IO.Out, "%s: %d×%d pixels", o.Output, w, h)
	if o.Scenario != "" {
		fmt.Fprintf(o.IO.Out, ", %d units on hexes", len(counters))
	}
	fmt.Fprintln(o.IO.Out)
	return nil
}

// scenarioCounters lists the units a scenario puts on hexes at the start
// (not those it leaves to a setup step or brings in later).
func scenarioCounters(sc *scenario.Scenario) []mapgen.Counter {
	var out []mapgen.Counter
	for _, u := range sc.Units {
		if u.Hex == "" || u.Eliminated {
			continue
		}
		i, err := sc.Map.ParseHex(u.Hex)
		if err != nil {
			continue
		}
		side, _ := core.ParseSide(u.Side)
		values := ""
		if len(u.Strength) > 0 {
			st := u.Strength[0]
			if u.Reduced && len(u.Strength) > 1 {
				st = u.Strength[1]
			}
			values = fmt.Sprintf("%d-%d", st, u.MP)
		}
		out = append(out, mapgen.Counter{Hex: i, Side: side, Nation: u.Nation, Kind: u.Kind, Label: u.ID, Values: values, Reduced: u.Reduced})
	}
	return out
}

// namedMap is the drawing of a game's map: for a named map, its file, so
// that rivers keep their names.
func namedMap(m *core.Map) *mapgen.Compiled {
	if m.Name != "" && fileExists(filepath.Join("maps", m.Name+".toml")) {
		if named, err := mapgen.LoadMap(os.DirFS("maps"), m.Name+".toml"); err == nil {
			return named
		}
	}
	return mapgen.FromMap(m)
}

// stateCounters lists the units on the map in a position.
func stateCounters(s *core.State) []mapgen.Counter {
	var out []mapgen.Counter
	for k := range s.Units {
		u := &s.Units[k]
		if u.Status != core.OnMap {
			continue
		}
		out = append(out, mapgen.Counter{Hex: u.Hex, Side: u.Side, Nation: u.Nation, Kind: u.Kind, Label: u.ID,
			Values: fmt.Sprintf("%d-%d", u.AttackNow(), u.MP), Reduced: u.Reduced})
	}
	return out
}

// mapQueryOptions are the flags of gpw map find, distance and show.
type mapQueryOptions struct {
	IO   *ioStreams
	Map  string
	Args []string
}

func newMapFindCmd(o *mapQueryOptions) *cobra.Command {
	return mapQueryCmd(o, "find NAME", "Print the hex of a named place (its id first): a city, a region, or a place@DIR:N", -1,
		func(m *core.Map, a []string) (string, error) { return mapgen.Find(m, strings.Join(a, " ")) })
}

func newMapDistanceCmd(o *mapQueryOptions) *cobra.Command {
	return mapQueryCmd(o, "distance A B", "Print the distance in hexes between two hexes or places (the number first)", 2,
		func(m *core.Map, a []string) (string, error) { return mapgen.Distance(m, a[0], a[1]) })
}

func newMapShowCmd(o *mapQueryOptions) *cobra.Command {
	return mapQueryCmd(o, "show HEX", "Print everything about a hex (an id, a place name of one or more words, or a place@DIR:N)", -1,
		func(m *core.Map, a []string) (string, error) { return mapgen.Show(m, strings.Join(a, " ")) })
}

func mapQueryCmd(o *mapQueryOptions, use, short string, nargs int, q func(*core.Map, []string) (string, error)) *cobra.Command {
	cmd := &cobra.Command{
		Use:   use,
		Short: short,
		Args:  queryArgs(nargs),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Args = args
			return mapQueryRun(o, q)
		},
	}
	cmd.Flags().StringVar(&o.Map, "map", "", "map file (default: maps/gpw.toml, or the built-in map)")
	return cmd
}

func mapQueryRun(o *mapQueryOptions, q func(*core.Map, []string) (string, error)) error {
	m, err := loadMap(o.Map)
	if err != nil {
		return err
	}
	out, err := q(m, o.Args)
	if err != nil {
		return err
	}
	fmt.Fprintln(o.IO.Out, strings.TrimRight(out, "\n"))
	return nil
}

// loadMap reads a map file; with no path, maps/gpw.toml in the working
// directory if there is one, else the built-in map.
func loadMap(path string) (*core.Map, error) {
	fsys, file := mapSource(path)
	return scenario.LoadMapFile(fsys, file)
}

// mapSource says where to read a map file from.
func mapSource(path string) (fs.FS, string) {
	var fsys fs.FS = gpw.Data
	file := mapFile
	if path != "" || fileExists(mapFile) {
		if path == "" {
			path = mapFile
		}
		dir, base := filepath.Split(path)
		if dir == "" {
			dir = "."
		}
		fsys, file = os.DirFS(dir), base
	}
	return fsys, file
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// queryArgs takes nargs arguments, or (nargs < 0) one or more: the words
// of a place's name ("velikiye luki").
func queryArgs(nargs int) cobra.PositionalArgs {
	if nargs < 0 {
		return cobra.MinimumNArgs(1)
	}
	return cobra.ExactArgs(nargs)
}

// joinPlace makes the words of a place's name one argument: show velikiye
// luki.
func joinPlace(a []string) []string {
	if len(a) < 2 {
		return a
	}
	return []string{strings.Join(a, " ")}
}
