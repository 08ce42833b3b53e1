package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"gpw/core"
)

// Calendar is the eight turns of a year shared by the GDW and ADC2 rules
// (GDW: Sequence of Play). The loader checks turn names against it; the
// game checks them again against the rules' own calendar.
var Calendar = []string{"Jan/Feb", "Mar/Apr", "May", "Jun", "Jul", "Aug", "Sep/Oct", "Nov/Dec"}

// ParseTurn reads a turn name such as "Sep/Oct 1941" into year*8+slot.
func ParseTurn(s string) (int, error) { return ParseTurnIn(s, Calendar) }

// ParseTurnIn reads a turn name against a calendar of month names:
// year*len(months)+slot.
func ParseTurnIn(s string, months []string) (int, error) {
	s = strings.TrimSpace(s)
	i := strings.LastIndexByte(s, ' ')
	if i < 0 {
		return 0, fmt.Errorf("turn %q: expected a month and a year, such as \"Jul 1941\"", s)
	}
	year, err := strconv.Atoi(s[i+1:])
	if err != nil || year < 1900 || year > 2100 {
		return 0, fmt.Errorf("turn %q: %q is not a year", s, s[i+1:])
	}
	for k, m := range months {
		if strings.EqualFold(m, s[:i]) {
			return year*len(months) + k, nil
		}
	}
	return 0, fmt.Errorf("turn %q: %q is not a turn of the calendar (%s)", s, s[:i], strings.Join(months, ", "))
}

// TurnName prints a turn index.
func TurnName(t int) string {
	return fmt.Sprintf("%s %d", Calendar[t%len(Calendar)], t/len(Calendar))
}

// ReinforcementPool names the ADC2 force pool of side's reinforcements in
// turn t, e.g. "AxisAug41" or "SovietSepOct43".
func ReinforcementPool(side core.Side, t int) string {
	m := strings.ReplaceAll(Calendar[t%len(Calendar)], "/", "")
	s := side.String()
	y := (t / len(Calendar)) % 100
	return strings.ToUpper(s[:1]) + s[1:] + m + string([]byte{byte('0' + y/10), byte('0' + y%10)})
}
