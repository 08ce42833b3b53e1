package bot

import "gpw/core"

// CheckDoctrine checks a scenario's [bot] table as the bots of both
// sides read it (doctrineFor): unknown keys, values of the wrong type or
// out of range. gpw check reports its error with the table's line.
func CheckDoctrine(m map[string]any) error {
	for _, side := range []core.Side{core.Axis, core.Soviet} {
		d := DefaultDoctrine(side)
		if err := d.apply(m, side); err != nil {
			return err
		}
	}
	return nil
}

// DoctrineKeys are the keys a [bot] table may hold.
func DoctrineKeys() []string { return append([]string(nil), doctrineKeys...) }
